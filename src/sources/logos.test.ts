// Every catalogue source shows a mark or its initials; the marks are simple-icons'
// own (CC0), drawn on a 24 × 24 box in the brand's colour.
import { expect, it } from 'vitest';
import { siJira } from 'simple-icons';
import { CATALOGUE_SOURCES } from '../contract/sources/catalogue';
import { SOURCE_PANELS } from './catalogue';
import { LOGOS } from './logos';

it.each(CATALOGUE_SOURCES)('%s has a mark or one or two initials', (source) => {
  const logo = LOGOS[source];
  if (logo) {
    expect(logo.path).toMatch(/^[Mm][\d.\s-]/);
    expect(logo.hex).toMatch(/^[0-9A-F]{6}$/);
  } else {
    expect(SOURCE_PANELS[source].initials).toMatch(/^[A-Z0-9]{1,2}$/);
  }
});

it('the marks are simple-icons’ own, and most sources have one', () => {
  expect(LOGOS.jira).toEqual({ path: siJira.path, hex: siJira.hex });
  expect(Object.keys(LOGOS).length).toBeGreaterThanOrEqual(25);
  for (const source of Object.keys(LOGOS)) expect(CATALOGUE_SOURCES).toContain(source);
});
