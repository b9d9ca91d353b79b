import { Image } from 'lucide-react';
import { useState } from 'react';

/** An image that is fetched only after a click, so an untrusted transcript cannot make the browser call out. */
export function DeferredImage({ src, alt }: { src: string; alt: string }) {
  const [shown, setShown] = useState(false);
  if (shown) return <img className="markdown__image" src={src} alt={alt} referrerPolicy="no-referrer" />;
  return (
    <button type="button" className="deferred-image" onClick={() => setShown(true)} title={src}>
      <Image size={14} aria-hidden />
      <span>
        Load image{alt ? `: ${alt}` : ''} <span className="deferred-image__host">from {hostOf(src)}</span>
      </span>
    </button>
  );
}

function hostOf(src: string): string {
  if (src.startsWith('data:')) return 'inline data';
  try {
    return new URL(src, window.location.href).host;
  } catch {
    return 'an unknown address'; // not a URL we can name; the click still loads what was written
  }
}
