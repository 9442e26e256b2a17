// What the panel knows of a source: how it reads to a person (label, badge,
// category, setup guide) and the form of its connector_specific_config and of
// its credential, field by field. The keys are Onyx's, checked against the
// contract's schemas (src/contract/sources/) by a test; the rules live there.
import type { InputType } from '../contract/contract';

export const CATEGORIES = [
  'Knowledge Base & Wikis',
  'Cloud Storage',
  'Ticketing & Task Management',
  'Messaging',
  'Sales',
  'Code Repository',
  'Others',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Option {
  value: string;
  label: string;
}

interface FieldBase {
  /** The config key (Onyx's name). */
  key: string;
  label: string;
  hint?: string;
  /** Under "Advanced settings", folded away until opened. */
  advanced?: boolean;
  /** How an empty value reads on the review and the connector's page ("All projects"). */
  emptyWords?: string;
}

export interface TextField extends FieldBase {
  control: 'text' | 'url' | 'textarea';
  /** The contract requires it: an empty box is refused with these words. */
  requiredMessage?: string;
  default?: string;
  /** Typed letters become capitals (project keys). */
  upperCase?: boolean;
  /** What an empty optional box sends: null (Onyx's None), or '' where Onyx's backend takes text. */
  emptyAs?: '' | null;
}

export interface ListField extends FieldBase {
  control: 'list';
  /** The box where one item is typed before it is added. */
  itemLabel: string;
  addLabel: string;
  /** The list's accessible name, and the words of the announcements ("Added x to …"). */
  listName: string;
  listNoun: string;
  /** Said when the list is empty. */
  emptyText: string;
  itemType?: 'email' | 'text';
  /** The contract requires at least one item: an empty list is refused with these words. */
  requiredMessage?: string;
  /**
   * Its items are files uploaded from the form (the File source's upload): the
   * answered locations are the items, the answered names go to this config key,
   * one per item, and are what the list shows; `metadataKey` is Onyx's zip
   * metadata file, sent null (a zip is stored as it is). Or one zip file
   * (Google Sites' exported site): its location is the item, no name is sent.
   */
  upload?: UploadNames | { zipOnly: true };
}

export interface CheckboxField extends FieldBase {
  control: 'checkbox';
  default: boolean;
}

export interface SelectField extends FieldBase {
  control: 'select';
  options: readonly Option[];
  default: string;
}

export interface MultiselectField extends FieldBase {
  control: 'multiselect';
  options: readonly Option[];
  default: readonly string[];
}

export interface NumberField extends FieldBase {
  control: 'number';
  /** The box's first value, as typed (Onyx's IMAP port 993). */
  default?: string;
  /** The contract requires a number: an empty box is refused with these words. */
  requiredMessage?: string;
}

export interface PairsField extends FieldBase {
  control: 'pairs';
  /** The two keys of each pair (Onyx's url_rewrites: source → target) and their labels. */
  left: Option;
  right: Option;
}

/** A value Onyx's form sends without asking (a bucket's `bucket_type`): not shown, always sent. */
export interface FixedField extends FieldBase {
  control: 'fixed';
  value: string;
}

/** A field that holds a value of the config. */
export type ValueField =
  | TextField
  | ListField
  | CheckboxField
  | SelectField
  | MultiselectField
  | NumberField
  | PairsField
  | FixedField;

/**
 * A choice between ways of indexing (Onyx's tabs, such as Jira's
 * `indexing_scope`): the choice itself is not sent; the fields of the other
 * ways are sent empty.
 */
export interface TabsField {
  control: 'tabs';
  /** Names the choice in the form only (Onyx's tab name); never a config key. */
  key: string;
  label: string;
  hint?: string;
  advanced?: boolean;
  tabs: readonly {
    value: string;
    label: string;
    note?: string;
    /** Said instead of the contract's whole-config refusal while this tab is chosen (nothing in it ticked or typed). */
    emptyMessage?: string;
    fields: readonly ValueField[];
  }[];
}

export type SourceField = ValueField | TabsField;

export interface CredentialFieldWords {
  label: string;
  hint?: string;
  /** Typed into a password box and never shown again. */
  secret?: boolean;
  /** A key file (JSON): chosen as a file or pasted into a masked box, never shown (KeyFileField). */
  keyFile?: boolean;
  /** The key file's kinds (the file box's `accept`), when not JSON (a zuliprc is plain text). */
  accept?: string;
  /** A yes/no switch (Salesforce's sandbox). */
  checkbox?: boolean;
  /** Not asked: always sent with this value (Onyx's authentication_method). */
  fixed?: string;
}

/** An uploaded list whose files' names are sent beside their locations. */
export interface UploadNames {
  namesKey: string;
  metadataKey: string;
}

export interface SourcePanel {
  label: string;
  /** One or two letters for the badge beside the label. */
  initials: string;
  category: Category;
  /** Listed first in the catalogue, under Popular: a short list (4 to 6), so it still tells something. */
  popular: boolean;
  /** The setup guide. */
  docs: string;
  /** One line on the catalogue's tile. */
  summary: string;
  inputType: InputType;
  /** Default schedule in seconds, when not one hour and one day. */
  refresh?: number;
  prune?: number;
  fields: readonly SourceField[];
  /** The words of each credential key (the keys are the contract's); empty when none is needed. */
  credential: Readonly<Record<string, CredentialFieldWords>>;
}
