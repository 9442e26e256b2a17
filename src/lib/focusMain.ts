// The shell's <main id="main" tabIndex={-1}>: where the keyboard goes when the
// control that had it goes away with its page or menu (docs/panel.md, "Conventions").

const main = () => document.getElementById('main');

/** Gives the keyboard to the page's content, once what is on screen is in (the next frame). */
export function focusMain() {
  requestAnimationFrame(() => main()?.focus({ preventScroll: true }));
}

let onArrival = false;

/** The shell is not on screen yet (the sign-in page leads to it): its main takes the keyboard when it is. */
export function focusMainOnArrival() {
  onArrival = true;
  arrived();
}

/** Called by the shell once its main is on screen. */
export function arrived() {
  const element = main();
  if (!onArrival || !element) return;
  onArrival = false;
  element.focus({ preventScroll: true });
}
