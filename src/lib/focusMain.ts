// The shell's <main id="main" tabIndex={-1}>: where the keyboard goes when the
// control that had it goes away with its page or menu (docs/panel.md, "Conventions").

const main = () => document.getElementById('main');

/** Gives the keyboard to the page's content, once what is on screen is in (the next frame). */
export function focusMain() {
  requestAnimationFrame(() => main()?.focus({ preventScroll: true }));
}

/** Nothing on the page has the keyboard: the browser left it on <body> (or nowhere). */
const keyboardLost = () => {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
};

/**
 * One rule for every arrival at a page of the shell: a direct load, a sign-in
 * link, the sign-in form going away, a link that went with the page it was on.
 * When nothing has the keyboard, the page's content takes it; a control that
 * kept it (a navigation link, a field the page focused itself) keeps it.
 */
export function pageArrived() {
  if (keyboardLost()) main()?.focus({ preventScroll: true });
}
