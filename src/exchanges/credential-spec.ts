/**
 * How an exchange declares its credentials and settings in its manifest (`credentials.fields`),
 * and what every surface derives from that declaration: resolution field by field (flag >
 * profile named with --profile > environment > active profile, credentials.ts), `profile add`'s
 * flags, stdin secrets, refused secret flags, prompts and checks (commands/profile/), `profile
 * show/list` masking, the secrets scrubbed from every printed line (secrets.ts, cli.ts, serve),
 * the variables a named profile ignores, `pmt exchanges` scopes and serve's credential line.
 * Types only: the manifests are read on the start-up path.
 *
 * An exchange's typed view of what was resolved (`c.kalshi.apiKeyId`, `c.kalshiDemo`) is added to
 * `ResolvedCredentials` by module augmentation in its folder (exchanges/<id>/credentials.ts), so
 * that neither exchanges/config.ts nor anything outside the folder names it.
 */
import type { ResolvedCredentials, Sourced } from './config.js';

/** One value of an exchange's profile section: a credential, or a setting (Kalshi's demo flag). */
export interface CredentialField {
  /** The field in the profile section and in the resolved fields: `api_key_id`. */
  name: string;
  /** Its environment variable; none for a setting only `profile add` gives (kept in the profile). */
  env?: string;
  /**
   * `profile add`'s flag, without `--`. A secret's is refused with the hint (argv is readable by
   * every user of the machine) and `--<flag>-stdin` reads the secret from stdin instead.
   */
  flag: string;
  /** The flag's value placeholder (`<id>`); none: a boolean flag. A secret's: the refused flag's. */
  arg?: string;
  /** The flag's help line (a secret: its `-stdin` flag's). */
  help: string;
  /** The only values the flag takes. */
  choices?: readonly string[];
  /**
   * `secret`: never on argv, shown only as "set", scrubbed from every line pmt prints;
   * `masked`: an identifier, shown as "abcd…wxyz" and scrubbed from serve's messages;
   * `plain`: shown as it is (an address, a wallet type, a setting).
   */
  display: 'secret' | 'masked' | 'plain';
  /** A secret, in messages: "the Kalshi private key (PEM text)". */
  what?: string;
  /** A secret with inner lines (PEM): stdin keeps them and one final newline, and it is stored as given; else trimmed. */
  multiline?: boolean;
  /**
   * Also given as the path of a file that holds the value (the key stays in its file): its own
   * profile field, variable and flag. At one source level the path wins over the text.
   */
  file?: {
    name: string;
    env: string;
    flag: string;
    arg: string;
    help: string;
    /** In a read error: "cannot read the Kalshi private key file named by …". */
    what: string;
    /** `profile add` takes the path from its variable (and stores the path, not the key). */
    fromEnv?: boolean;
  };
  /**
   * Needed with the exchange's other required fields: when some are set and this one is not,
   * resolution stops: "<Name> credentials are incomplete: <missing> is missing" (`missing`:
   * "an API key id (KALSHI_API_KEY_ID)").
   */
  required?: { missing: string };
  /**
   * A setting, not a credential: resolved whether or not the credentials are complete, onto
   * `ResolvedCredentials[setting]`, kept in every `pmt exchanges` scope, never scrubbed.
   */
  setting?: Exclude<keyof ResolvedCredentials, 'profileName'>;
  /**
   * Not a credential though read with them (an RPC URL): under a profile named with `--profile`
   * the profile's value wins and, when it has none, the environment's is taken (a credential is
   * never filled in from the environment then); its variable is not among those a named profile ignores.
   */
  namedProfileTakesEnv?: boolean;
  /** How `profile add` takes, checks and asks for it (absent: the exchange's `add.section` does). */
  add?: FieldAdd;
  /** `profile show`: how a loaded value reads (a key file or text that does not load is flagged). */
  show?: {
    /** The text form's value when it loads ("PEM text", "base64"): shown "set (PEM text)". */
    text?: string;
    /** `profile list/show --json`'s word for the text form stored in the profile ("base64"; else "set"); a path is "file". */
    stored?: string;
    /** After a value that does not load: "not a valid RSA or Ed25519 key". */
    invalid?: string;
  };
}

/** `profile add`'s handling of one field. */
export interface FieldAdd {
  /** `token`: one printable token; `key`: loaded as the adapter will (the manifest's `checkKey`). */
  check?: 'token' | 'key';
  /** The prompt on a terminal (`path`: a file path, the key in it loaded); `label` names the value in its checks. */
  prompt?: { message: string; kind: 'input' | 'password' | 'path' | 'confirm'; label?: string };
  /** Asked only when no flag of the exchange was given (an optional value). */
  guided?: boolean;
  /** Taken from its variable when nothing is given or stored (a secret says so on stderr). */
  fromEnv?: boolean;
  /** Taken from its variable only beside this field given now (an API secret beside its key), stored or not… */
  with?: string;
  /** …unless one is stored (with `with`). */
  unlessStored?: boolean;
  /** Off a terminal, when required and missing (default: "--<flag> is required with the other <Name> flags"). */
  missing?: string;
  /** The value in messages: "the Kalshi key from --kalshi-private-key-stdin". */
  noun?: string;
}

/** What resolution found for one field (a file's: its text, and the path). */
export type ResolvedField = Sourced<string | boolean> & { path?: string };
export type ResolvedFields = Partial<Record<string, ResolvedField>>;

/** An exchange's values as stored in a profile (`api_key_id`, `private_key_path`, `demo`). */
export type ProfileSection = Record<string, string | boolean | undefined>;

/** A `profile show` row (render/views/profiles.ts `Setting`). */
export interface CredentialSetting {
  setting: string;
  value: string | null;
  source: 'flag' | 'env' | 'profile' | 'default' | 'derived' | null;
  origin: string | null;
}

/** The prompts `profile add` hands an exchange's own section (render/prompt.ts `Prompter`). */
export interface CredentialPrompter {
  input(opts: { message: string; validate?: (value: string) => true | string | Promise<true | string> }): Promise<string>;
  password(opts: { message: string; validate?: (value: string) => true | string }): Promise<string>;
  select<T>(opts: { message: string; choices: Array<{ name: string; value: T }>; default?: T }): Promise<T>;
  confirm(opts: { message: string; default?: boolean }): Promise<boolean>;
}

/** What an exchange's own `profile add` section is given (its fields with cross-field rules). */
export interface SectionInput {
  /** This run's values of the exchange's fields (flags, stdin, environment), by field name. */
  given: Record<string, string | boolean | undefined>;
  /** Where a secret given came from (`--polymarket-private-key-stdin`, `POLYMARKET_PRIVATE_KEY`), by field name. */
  origin: Record<string, string | undefined>;
  /** The section as stored (absent: {}), to update. */
  stored: ProfileSection;
  /** Prompts on a terminal; undefined off one (a missing value is then a usage error). */
  prompter?: CredentialPrompter;
  /** No flag of the exchange was given: optional values are asked as well. */
  guided: boolean;
  /** A line on stderr (a note, a warning). */
  err(line: string): void;
}

/** The `credentials` part of a manifest. */
export interface CredentialSpec {
  /** The property of ResolvedCredentials holding the adapter's view (`kalshi`, `polymarketUs`). */
  key: Exclude<keyof ResolvedCredentials, 'profileName'>;
  /** The profile's section (`kalshi`, `polymarket_us`). */
  profileKey: string;
  /** Every value, in the order flags, prompts and `profile show` rows follow. */
  fields: readonly CredentialField[];
  /** The adapter's view from the resolved fields (null: none); throws Config for values that cannot work together. */
  build(f: ResolvedFields): unknown;
  /** How to add them, for the `Config` hint of a command that needs them. */
  fix: string;
  /** How to set them up, for `pmt exchanges` when they are missing. */
  setup: string;
  /** The value that identifies the credentials (its source is shown, never the value). */
  identity(c: ResolvedCredentials): Sourced | undefined;
  /** Local checks only (no request): is what we have usable at all? Never echoes a value. */
  problem(c: ResolvedCredentials): Promise<string | null>;
  configured(c: ResolvedCredentials): boolean;
  /** Loads a private key exactly as the adapter will (throws `Config`, never echoing it); loads the signer lazily. Resolves to the kind of key found (e.g. "Ed25519") where an exchange takes several. */
  checkKey?(key: string, source: string): Promise<string | void>;
  /** `profile add`. */
  add: {
    /** The exchange in the checklist of `profile add` on a terminal. */
    choice: string;
    /** How to give them without a terminal, in the usage error that lists every exchange. */
    howToGive: string;
    /** The line `profile add` prints about the key kind `checkKey` found (absent: none). */
    keyKindLine?(kind: string): string;
    /** The exchange's own section, for fields whose rules span several (absent: each field as declared). */
    section?(): Promise<(input: SectionInput) => Promise<ProfileSection>>;
  };
  /** `profile show` and `profile list`. */
  show: {
    /** Its rows (and `null` in the summary) also when the profile and environment have none. */
    listedWhenAbsent: boolean;
    /** The section as `profile list/show --json` shows it (absent: each field as declared). */
    summary?(s: ProfileSection): Record<string, unknown>;
    /** In the EXCHANGES column: "kalshi (demo)" (absent: the id). */
    label?(summary: Record<string, unknown>): string;
    /** Rows `profile show` adds or changes after the fields' own (a derived address, the environment). */
    rows?(): Promise<(rows: CredentialSetting[], c: ResolvedCredentials, env: NodeJS.ProcessEnv) => Promise<CredentialSetting[]>>;
    /** `profile list` columns of this exchange; `derive` reads what a cell needs from the stored section (public values only). */
    columns?: ReadonlyArray<{ header: string; flex?: boolean; id?: boolean; cell(summary: Record<string, unknown> | null, derived: string | null): string }>;
    derive?(): Promise<(s: ProfileSection, summary: Record<string, unknown>) => Promise<string | null>>;
  };
}
