// The wizard's form, for any catalogue source: a name, the source's fields
// (src/sources/), a schedule and a credential; what is wrong with it, by the
// contract's rules (wizardSchema.ts); and the creation request it sends (D4).
import type { ConnectorCreateRequest } from '../../contract/contract';
import type { AttachRequest } from '../../contract/groups';
import { attachBodyOf } from '../../components/AccessChoice';
import { secondsOf, toHumanFrequency, type HumanFrequency } from '../../lib/frequency';
import {
  configFromForm,
  formDefaults,
  formFromConfig,
  type SourceFormValues,
} from '../../sources/form';
import type { CatalogueSource } from '../../contract/sources/catalogue';
import type { SourcePanel } from '../../sources/types';

export interface WizardValues extends SourceFormValues {
  name: string;
  refresh: HumanFrequency;
  prune: HumanFrequency;
  credential_id: number | null;
  /** D13: public, or private to the chosen groups. */
  access: 'public' | 'private';
  groups: number[];
  /** The document sets the new pair is added to once it is made (none: []). */
  document_set_ids: number[];
}

/** The source and its panel, and whether its connectors need a credential of their own. */
export interface WizardSource {
  source: CatalogueSource;
  panel: SourcePanel;
  needsCredential: boolean;
}

const ONE_HOUR = 3600;
const ONE_DAY = 86400;

export function wizardDefaults({ panel }: WizardSource): WizardValues {
  return {
    name: '',
    ...formDefaults(panel),
    refresh: toHumanFrequency(panel.refresh ?? ONE_HOUR),
    prune: toHumanFrequency(panel.prune ?? ONE_DAY),
    credential_id: null,
    access: 'public',
    groups: [],
    document_set_ids: [],
  };
}

/** The POST body for a form without problems (D4). */
export function toCreateRequest(
  { source, panel }: WizardSource,
  values: WizardValues,
): ConnectorCreateRequest {
  return {
    name: values.name.trim(),
    source,
    input_type: panel.inputType,
    // Onyx's own field on the connector: the same as its pair's, so its summary
    // and its creation record never call a private connector public.
    access_type: values.access === 'private' ? 'PRIVATE' : 'PUBLIC',
    connector_specific_config: configFromForm(panel, values),
    refresh_freq: secondsOf(values.refresh),
    prune_freq: secondsOf(values.prune),
  };
}

/** The form as it was, from the request that was sent (a created connector awaiting its credential). */
export function fromCreateRequest(
  wizard: WizardSource,
  request: ConnectorCreateRequest,
  credentialId: number | null,
  attachBody?: AttachRequest,
): WizardValues {
  const defaults = wizardDefaults(wizard);
  const seconds = (value: number | null | undefined) =>
    typeof value === 'number' && value > 0 ? toHumanFrequency(value) : undefined;
  return {
    ...defaults,
    ...formFromConfig(wizard.panel, request.connector_specific_config),
    name: request.name,
    refresh: seconds(request.refresh_freq) ?? defaults.refresh,
    prune: seconds(request.prune_freq) ?? defaults.prune,
    credential_id: credentialId,
    access: attachBody?.access_type === 'private' ? 'private' : 'public',
    groups: attachBody?.groups ?? [],
  };
}

/** D7's attach body for the form's access (D13): private pairs name their groups. */
export const toAttachRequest = (values: WizardValues): AttachRequest => attachBodyOf(values);
