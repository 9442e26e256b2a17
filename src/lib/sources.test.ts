import { expect, test } from 'vitest';
import { DOCUMENT_SOURCES } from '../contract/contract';
import { SOURCE_PANELS } from '../sources/catalogue';
import CREDENTIAL_LABELS from 'virtual:source-credential-labels';
import { sourceHue, sourceLabel, sourceLook } from './sources';

test('every DocumentSource has its own readable label and a badge of one or two characters', () => {
  const labels = DOCUMENT_SOURCES.map(sourceLabel);
  expect(new Set(labels).size).toBe(DOCUMENT_SOURCES.length);
  for (const source of DOCUMENT_SOURCES) {
    const { label, initials } = sourceLook(source);
    expect(label, source).not.toContain('_');
    expect(initials.length, source).toBeGreaterThanOrEqual(1);
    expect(initials.length, source).toBeLessThanOrEqual(2);
  }
});

test.each([
  ['google_drive', 'Google Drive', 'GD'],
  ['github', 'GitHub', 'GH'],
  ['requesttracker', 'Request Tracker', 'RT'],
  ['s3', 'Amazon S3', 'S3'],
])('%s reads as %s (%s)', (source, label, initials) => {
  expect(sourceLook(source)).toEqual({ label, initials });
});

test('a source the panel does not know yet reads as itself, and colours are stable', () => {
  expect(sourceLabel('brand_new_source')).toBe('brand_new_source');
  expect(sourceHue('jira')).toBe(sourceHue('jira'));
  expect(new Set(DOCUMENT_SOURCES.map(sourceHue)).size).toBeGreaterThan(4);
});

test('a catalogue source reads as the contract says, and the build’s credential words are the catalogue’s own (made, not copied)', () => {
  for (const [source, panel] of Object.entries(SOURCE_PANELS)) {
    expect(sourceLook(source)).toEqual({ label: panel.label, initials: panel.initials });
    const labels = Object.fromEntries(
      Object.entries(panel.credential).map(([key, words]) => [key, words.label]),
    );
    expect(CREDENTIAL_LABELS[source], source).toEqual(labels);
  }
  // A name the table does not hold, even one every object has, reads as itself.
  expect(sourceLook('constructor')).toEqual({ label: 'constructor', initials: 'C' });
});
