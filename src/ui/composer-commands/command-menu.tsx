import type { ComposerCommand } from './composer-commands';
import './command-menu.css';

export const COMMAND_MENU_ID = 'composer-command-menu';

export function commandOptionId(name: string): string {
  return `composer-command-${name}`;
}

/**
 * The list of slash commands above the composer. The textarea keeps the focus (arrows move the
 * highlight, Enter or Tab picks, Esc closes: see Composer); a click picks too.
 */
export function CommandMenu({
  commands,
  active,
  onPick,
  onHover,
}: {
  commands: readonly ComposerCommand[];
  active: number;
  onPick: (command: ComposerCommand) => void;
  onHover: (index: number) => void;
}) {
  return (
    <div
      className="command-menu"
      id={COMMAND_MENU_ID}
      role="listbox"
      aria-label="Commands"
      data-testid="command-menu"
    >
      {commands.map((command, index) => (
        // The keyboard works from the textarea (aria-activedescendant), so an option needs no key handler.
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above
        <div
          key={command.name}
          id={commandOptionId(command.name)}
          role="option"
          aria-selected={index === active}
          tabIndex={-1}
          className={`command-menu__item ${index === active ? 'command-menu__item--active' : ''}`}
          // Keeps the focus in the textarea.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(command)}
          onMouseEnter={() => onHover(index)}
        >
          <span className="command-menu__name">/{command.name}</span>
          <span className="command-menu__description">{command.description}</span>
        </div>
      ))}
    </div>
  );
}
