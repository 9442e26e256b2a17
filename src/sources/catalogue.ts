// The panel's half of the catalogue: every source Sourcedesk knows by name,
// one file each beside this one. `satisfies` keeps it in step with the
// contract's catalogue (src/contract/sources/catalogue.ts): a source in one and not
// the other does not compile (and a test says so too).
import type { CatalogueSource } from '../contract/sources/catalogue';
import { confluence } from './confluence';
import { github } from './github';
import { gitlab } from './gitlab';
import { gong } from './gong';
import { google_drive } from './google_drive';
import { hubspot } from './hubspot';
import { jira } from './jira';
import { salesforce } from './salesforce';
import { sharepoint } from './sharepoint';
import { slack } from './slack';
import { CATEGORIES, type SourcePanel } from './types';
import { web } from './web';
import { zendesk } from './zendesk';

export const SOURCE_PANELS = {
  jira,
  confluence,
  slack,
  github,
  gitlab,
  google_drive,
  sharepoint,
  zendesk,
  salesforce,
  hubspot,
  gong,
  web,
} satisfies Record<CatalogueSource, SourcePanel>;

/** A catalogue source's panel, or undefined for a source outside the catalogue. */
export const panelOf = (source: string): SourcePanel | undefined =>
  Object.hasOwn(SOURCE_PANELS, source) ? SOURCE_PANELS[source as CatalogueSource] : undefined;

/** The catalogue in the order it is offered: the popular sources, then by category, by label within each. */
export function catalogueOrder(): [CatalogueSource, SourcePanel][] {
  const rank = ([, panel]: [string, SourcePanel]) =>
    (panel.popular ? 0 : 100) + CATEGORIES.indexOf(panel.category);
  return (Object.entries(SOURCE_PANELS) as [CatalogueSource, SourcePanel][]).sort(
    (a, b) => rank(a) - rank(b) || a[1].label.localeCompare(b[1].label),
  );
}
