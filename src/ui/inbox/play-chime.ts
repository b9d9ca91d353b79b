/**
 * A short soft two-note chime made with Web Audio (no sound file to ship). Browsers may refuse audio
 * before the person has interacted with the page; then it stays silent, which is fine for a hint.
 */
export function playChime(): void {
  const AudioContextClass = globalThis.AudioContext;
  if (AudioContextClass === undefined) return;
  const context = new AudioContextClass();
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.0001, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.08, context.currentTime + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.5);
  [660, 880].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start(context.currentTime + index * 0.12);
    oscillator.stop(context.currentTime + 0.5);
  });
  setTimeout(() => void context.close().catch(() => undefined), 800); // the context is done after the notes
}
