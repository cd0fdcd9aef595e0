/**
 * Marks `<html data-pointer>` while the last input came from a mouse, pen or finger, and clears it at the next key.
 * Browsers decide :focus-visible by themselves, and focus that a widget moves by script after a click (a tab list
 * re-rendered for its new value) can count as keyboard focus; the focus ring rule reads this mark as well.
 */
export function trackInputModality(root: HTMLElement = document.documentElement): void {
  window.addEventListener('pointerdown', () => root.setAttribute('data-pointer', ''), true);
  window.addEventListener(
    'keydown',
    (event) => {
      // Shortcuts with a modifier (copy, zoom) do not move focus.
      if (!event.metaKey && !event.ctrlKey && !event.altKey) root.removeAttribute('data-pointer');
    },
    true,
  );
}
