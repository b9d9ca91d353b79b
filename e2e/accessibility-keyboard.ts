import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only helpers for the e2e specs: move focus with Tab / Shift+Tab until a control
 * has it, checking on the way that every control focus lands on shows a focus ring.
 */

export interface FocusStop {
  /** A short description of the focused element: tag, name, classes. */
  element: string;
  ring: boolean;
}

/** Describes the focused element and whether a focus style is painted on it or on a wrapper around it. */
export async function focusStop(page: Page): Promise<FocusStop | undefined> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return undefined;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
    const shadowed = style.boxShadow !== 'none';
    // A text box with outline: none draws its ring on a wrapper, through a :focus-within rule.
    const FOCUS_PROPERTIES = ['outline', 'box-shadow', 'border-color', 'outline-color'];
    const wrapperRing = (): boolean => {
      for (const sheet of Array.from(document.styleSheets)) {
        for (const rule of Array.from(sheet.cssRules)) {
          if (!(rule instanceof CSSStyleRule) || !rule.selectorText.includes(':focus-within')) continue;
          if (!FOCUS_PROPERTIES.some((property) => rule.style.getPropertyValue(property) !== '')) continue;
          let node: Element | null = element;
          for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
            if (node.matches(rule.selectorText)) return true;
          }
        }
      }
      return false;
    };
    const name =
      element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? element.id ?? '';
    return {
      element: `<${element.tagName.toLowerCase()} class="${element.className}"> ${name}`,
      ring: outlined || shadowed || wrapperRing(),
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached in `limit` presses,
 * or if any control focused on the way shows no focus ring.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, limit = 60 }: { backwards?: boolean; limit?: number } = {},
): Promise<void> {
  const ringless: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const stop = await focusStop(page);
    if (stop && !stop.ring) ringless.push(stop.element);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      expect(ringless, `focused controls without a visible focus ring:\n${ringless.join('\n')}`).toEqual([]);
      return;
    }
  }
  throw new Error(`${target} was not reached with ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}
