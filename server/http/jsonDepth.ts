// A body's nesting is bounded before it is parsed: JSON.parse builds whatever
// it is given, and a few megabytes of `[[[[…` become hundreds of megabytes of
// arrays before any rule could refuse them. One pass over the text, counting
// open arrays and objects outside strings; nothing is built.
const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The offset (in UTF-16 units) of the first `[` or `{` that opens a level past
 * `max`, or -1 when the text never nests deeper than `max`. Text that is not
 * JSON is counted all the same: the parser says what is wrong with it after.
 */
export function tooDeepAt(text: string, max: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth++;
      if (depth > max) return i;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return -1;
}
