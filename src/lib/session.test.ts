// @vitest-environment jsdom
// Sign-in links hand their secret over in the address fragment:
// taken out of the address bar at once, whatever else the fragment holds.
import { expect, test, vi } from 'vitest';
import { takeSignInFromFragment } from './session';

function address(hash: string) {
  const replaced: string[] = [];
  const location = { pathname: '/users', search: '?q=a', hash } as Location;
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, url: string) => void replaced.push(url),
  } as unknown as History;
  return { location, history, replaced };
}

test('an invitation link answers its token and leaves the address without it', () => {
  const { location, history, replaced } = address('#invitation=abc_DEF-1&tab=2');
  expect(takeSignInFromFragment(location, history)).toEqual({ invitation: 'abc_DEF-1' });
  expect(replaced).toEqual(['/users?q=a#tab=2']);
});

test('a key link still answers its key', () => {
  const { location, history, replaced } = address('#key=sd_123');
  expect(takeSignInFromFragment(location, history)).toEqual({ key: 'sd_123' });
  expect(replaced).toEqual(['/users?q=a']);
});

test('no link: nothing taken, the address left alone', () => {
  const { location, history, replaced } = address('#tab=2');
  expect(takeSignInFromFragment(location, history)).toBeNull();
  expect(replaced).toEqual([]);
});

test('a session that ended on its own still says why after the tab reloads; signing in again forgets it', async () => {
  const words = 'Your session has ended (it timed out). Sign in again.';
  const before = await import('./session');
  before.session.signOut(words);
  vi.resetModules();
  const reloaded = (await import('./session')).session;
  expect(reloaded.get()).toEqual({ signedIn: false, reason: words });
  reloaded.signedIn();
  vi.resetModules();
  expect((await import('./session')).session.get().reason).toBeNull();
});

test('signing out on purpose leaves no words for the next load', async () => {
  (await import('./session')).session.signOut('Ended.');
  (await import('./session')).session.signOutAndForget();
  vi.resetModules();
  expect((await import('./session')).session.get()).toEqual({ signedIn: false, reason: null });
});
