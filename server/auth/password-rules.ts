import { createRequire } from 'node:module';
import sv from '../../schemas/messages/sv.json' with { type: 'json' };
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from '../../engine/password';
import type { Store } from '../store/port';

const a = sv.account;

/**
 * What is known about the person who sets the password: their email, and the names of the
 * organisations they belong to (or are invited to). A candidate has no organisation.
 */
export interface PasswordContext {
  email?: string;
  organisations?: readonly string[];
}

export interface PasswordProblem {
  path: string;
  message: string;
}

/**
 * Common and breached passwords: the `passwords-common` list of @zxcvbn-ts/language-common
 * (MIT, maintained; ~49,000 entries ranked from the Xato 10-million leaked-password corpus
 * that SecLists publishes). Loaded once, on the first check, into a Set of lower-case words:
 * the 380 kB module stays out of startup and out of memory for processes that never set a
 * password.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: { 'passwords-common': string[] } };
    common = new Set(dictionary['passwords-common'].map((w) => w.toLowerCase()));
  }
  return common;
}

const lower = (s: string) => s.normalize('NFC').toLocaleLowerCase('sv');
/** Letters and digits only: 'Anna.Berg' and 'anna berg' are the same word. */
const alnum = (s: string) => lower(s).replace(/[^\p{L}\p{N}]/gu, '');
/** The word inside its decoration: digits, punctuation and spaces at either end dropped ('!Sommar2024' → 'sommar'). */
const core = (s: string) => lower(s).replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** A Swedish company's legal form at the end of its name, dropped to get the name people use. */
const LEGAL_FORM = /\s+(ab|hb|kb|aktiebolag|handelsbolag|kommanditbolag|ek\.?\s*för\.?|ekonomisk förening)$/iu;

/** Shorter words would refuse far too much ('Al', 'IT'). */
const MIN_WORD = 3;

/**
 * The password equals one of `words` or is one of them trivially decorated: case, punctuation
 * and digits or symbols at the ends do not count ('Anna.Berg2024!' is 'annaberg'). A password
 * that only contains the word among other letters ('annaberg-segla-hav') is not refused.
 */
function isTrivially(password: string, words: string[]): boolean {
  const forms = new Set([alnum(password), alnum(core(password))]);
  return words.some((w) => w.length >= MIN_WORD && forms.has(w));
}

function emailWords(email: string): string[] {
  const at = email.lastIndexOf('@');
  return at > 0 ? [alnum(email), alnum(email.slice(0, at))] : [alnum(email)];
}

function organisationWords(name: string): string[] {
  return [alnum(name), alnum(name.trim().replace(LEGAL_FORM, ''))];
}

/**
 * The one set of password rules (every path that sets a password uses it): at least
 * PASSWORD_MIN characters; not the account's email or its local part, nor an organisation's
 * name, not even trivially decorated; not on the list of common and breached passwords, not
 * even as a listed word decorated with digits or symbols ('Dragon2024!'). Problems come with
 * Swedish messages at the given paths, one per field.
 */
export function passwordProblems(
  password: unknown,
  confirm: unknown,
  paths: { password: string; confirm: string } = { password: '/password', confirm: '/confirmPassword' },
  context: PasswordContext = {},
): PasswordProblem[] {
  const out: PasswordProblem[] = [];
  const problem = typeof password === 'string' ? firstProblem(password, context) : a.passwordTooShort;
  if (problem) out.push({ path: paths.password, message: problem });
  if (password !== confirm) out.push({ path: paths.confirm, message: a.passwordsDiffer });
  return out;
}

function firstProblem(password: string, context: PasswordContext): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return a.passwordTooShort;
  if (length > PASSWORD_MAX) return a.passwordTooLong;
  if (context.email && isTrivially(password, emailWords(context.email))) return a.passwords.email;
  if (context.organisations?.some((name) => isTrivially(password, organisationWords(name)))) return a.passwords.organisation;
  const list = commonPasswords();
  const stem = core(password);
  if (list.has(lower(password)) || (stem.length >= 4 && list.has(stem))) return a.passwords.common;
  return guessableProblem(password, context);
}

/** Case and diacritics folded, only letters kept: 'Lösenord-2026!' → 'losenord' (digits and years stripped). */
const lettersFolded = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('sv').replace(/[^\p{L}]/gu, '');

/**
 * Swedish words people choose (folded as lettersFolded: no diacritics), refused even with digits or
 * a year in them ('Lösenord123', 'Sommar2026!') and repeated ('sommarsommar').
 */
const SWEDISH = new Set([
  'losenord', 'losen', 'sommar', 'vinter', 'hosten', 'host', 'varen', 'var', 'hemligt', 'hemlig', 'valkommen', 'sverige', 'svenska',
  'stockholm', 'goteborg', 'malmo', 'uppsala', 'karlek', 'alskling', 'fotboll', 'hockey', 'midsommar', 'jul', 'julafton', 'godjul',
  'januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december',
  'mandag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lordag', 'sondag', 'jobbet', 'arbete', 'rekrytering', 'ansokan', 'personal',
  'hejsan', 'hejhej', 'tjena', 'tjenare', 'katten', 'hunden', 'kanin', 'blomma', 'solsken', 'dragon', 'qwerty', 'asdf', 'admin', 'test',
]);

/** Keyboard rows and the alphabets, forwards; a password that is a run of one of them (or backwards) is a sequence. */
const RUNS = ['abcdefghijklmnopqrstuvwxyzåäö', '01234567890', 'qwertyuiopå', 'asdfghjklöä', 'zxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p'];

/** True when `s` is one unit written two or more times ('aaaa', 'abcabc', 'sommarsommar'). */
function repeats(s: string): string | null {
  for (let n = 1; n <= s.length / 2; n++) {
    if (s.length % n === 0 && s.slice(0, n).repeat(s.length / n) === s) return s.slice(0, n);
  }
  return null;
}

function isRun(s: string): boolean {
  if (s.length < 4) return false;
  return RUNS.some((r) => r.includes(s) || [...r].reverse().join('').includes(s));
}

/**
 * Issue 24: a repeated character or word, a simple sequence, a common Swedish word and the
 * product's or an organisation's name, with case and diacritics folded and digits stripped.
 */
function guessableProblem(password: string, context: PasswordContext): string | null {
  const forms = [alnum(password), alnum(core(password))].filter((f) => f.length >= 4);
  if (forms.some((f) => repeats(f))) return a.passwords.repeated;
  if (forms.some(isRun)) return a.passwords.sequence;
  const letters = lettersFolded(password);
  const unit = repeats(letters) ?? letters;
  if (unit === lettersFolded(sv.app.brand)) return a.passwords.product;
  if (context.organisations?.some((name) => organisationWords(name).some((w) => w.length >= MIN_WORD && lettersFolded(w) === unit))) return a.passwords.organisation;
  if (SWEDISH.has(unit)) return a.passwords.word;
  return null;
}

/**
 * The names of the organisations a user belongs to or is invited to (memberships by user id
 * and by email, pending invitations), both the short name and the display name, for the organisation rule.
 */
export async function organisationNamesOf(store: Store, user: { id: number; email: string }): Promise<string[]> {
  const memberships = store.collection('memberships');
  const [byId, byEmail, invited] = await Promise.all([
    memberships.find({ userId: user.id }, { projection: { containerId: 1 } }),
    memberships.find({ email: user.email }, { projection: { containerId: 1 } }),
    store.collection('invitations').find({ email: user.email }, { projection: { containerId: 1 } }),
  ]);
  const ids = [...new Set([...byId, ...byEmail, ...invited].map((m) => m.containerId as number))];
  if (!ids.length) return [];
  const containers = await store.collection('containers').find({ id: { $in: ids } }, { projection: { name: 1, displayName: 1 } });
  return containers.flatMap((c) => [c.name, c.displayName].filter((n): n is string => typeof n === 'string' && n.trim() !== ''));
}
