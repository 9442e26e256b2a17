// The validation sentences of D3 (the server's 422 `msg`, and the same rules
// checked in the browser) in words for the person at the form. The server keeps
// its sentences (clients of the real backend read them); the panel translates
// them here, once, wherever a field's problem is shown. A sentence not known
// here (the project's own, already in words) is shown as a sentence.
import { countOf } from './plural';

type Rule = [RegExp, (match: RegExpMatchArray) => string];

const plural = (count: string, noun: string) => countOf(Number(count), noun);

const RULES: Rule[] = [
  [/^Field required$/, () => 'This is required.'],
  [/^Input should be a valid string$/, () => 'Enter text here.'],
  [
    /^String should have at least (\d+) characters?$/,
    ([, n]) => `Enter at least ${plural(n!, 'character')}.`,
  ],
  [
    /^String should have at most (\d+) characters?$/,
    ([, n]) => `Too long: keep it to ${plural(n!, 'character')}.`,
  ],
  // A pattern the contract explains in its own words ("… (upper-case letters, digits and _)").
  [/^String should match pattern '[^']*' \((.+)\)$/, ([, words]) => `Use ${words}.`],
  [/^String should match pattern/, () => 'This is not in the expected form.'],
  [
    /^Not a valid e-mail address/,
    () =>
      'Enter an e-mail address with a local part, an @ and a domain with a dot, like noreply@acme.example.',
  ],
  [/^Input should be a valid integer/, () => 'Enter a whole number.'],
  [/^Input should be greater than or equal to (-?\d+)$/, ([, n]) => `Enter ${n} or more.`],
  [/^Input should be less than or equal to (-?\d+)$/, ([, n]) => `Enter ${n} or less.`],
  [/^Input should be a valid boolean$/, () => 'Choose yes or no.'],
  [/^Input should be a valid list$/, () => 'Give a list here.'],
  [/^Input should be a valid dictionary/, () => 'Give a set of named values here.'],
  [/^Invalid JSON/i, () => 'This is not valid JSON.'],
  [
    /^URL scheme should be 'http' or 'https'$/,
    () => 'Use a web address that starts with https:// (or http://).',
  ],
  [
    /^Input should be a valid URL/,
    () => 'Enter a full web address, like https://your-team.atlassian.net.',
  ],
  [/^Input should be in the future$/, () => 'Choose a date and time in the future.'],
  [/^Input should be ('.+)$/, ([, choices]) => `Choose one of ${choices!.replaceAll("'", '')}.`],
  [/^Value error, (.+)$/, ([, reason]) => sentence(reason!)],
];

const sentence = (text: string) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

export function friendlyWords(message: string): string {
  for (const [pattern, words] of RULES) {
    const match = message.match(pattern);
    if (match) return words(match);
  }
  return sentence(message);
}
