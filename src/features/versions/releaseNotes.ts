// Where the notes of a release are read. The version tags Sourcedesk compares
// (D9: `stable.app`, `dev.app`) are the search service's release tags, published
// with their notes on its releases page.
const RELEASE_NOTES = 'https://github.com/onyx-dot-app/onyx/releases/tag/{version}';

export const releaseNotesUrl = (tag: string) =>
  RELEASE_NOTES.replace('{version}', encodeURIComponent(tag));
