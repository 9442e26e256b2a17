// Sign-in links hand their secret over in the address fragment:
// taken out of the address bar at once, whatever else the fragment holds.
import { expect, test } from 'vitest';
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
