import { useMemo, useSyncExternalStore } from 'react'
import { en, type MessageKey } from './en'
import { formatMoney } from '../../common/money'
import { pluralRules } from './intl'
import type { Message, Vars } from './types'

export type { MessageKey } from './en'
export type { Vars } from './types'

/** Seed fact: the fallback language is English. */
export const FALLBACK_LANGUAGE = 'en'
export const LANGUAGES = ['en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]
export const LANGUAGE_STORAGE_KEY = 'lotline.lang'

type Dictionary = Partial<Record<MessageKey, Message>>

/**
 * English is in the entry (every key falls back to it); other languages are chunks of their own,
 * loaded before the first render when they are the reader's language (main.tsx) or when chosen —
 * most readers never download them (docs/decisions/0004-i18n.md).
 */
const dictionaries: Record<Language, Dictionary> = { en: { ...en }, es: {} }
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Dictionary>> = {
  es: () => import('./es').then((module) => module.es),
}
const loading = new Map<Language, Promise<void>>()

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** localStorage choice → first supported of navigator.languages (by primary subtag) → en. */
export function detectLanguage(
  stored: string | null,
  preferred: readonly string[] | undefined,
): Language {
  if (isLanguage(stored)) return stored
  for (const tag of preferred ?? []) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return FALLBACK_LANGUAGE
}

function interpolate(text: string, vars: Vars | undefined): string {
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in vars ? String(vars[name]) : match,
  )
}

function pick(message: Message, lang: Language, vars: Vars | undefined): string {
  if (typeof message === 'string') return message
  const count = typeof vars?.count === 'number' ? vars.count : Number(vars?.count ?? NaN)
  if (Number.isNaN(count)) return message.other
  const exact = count === 0 ? message.zero : undefined
  return exact ?? message[pluralRules(lang).select(count)] ?? message.other
}

export type Translate = (key: MessageKey, vars?: Vars) => string

/** Looks a key up in `lang`, then in English; a key missing everywhere renders as itself. */
export function lookup(lang: Language, key: string): Message | undefined {
  const k = key as MessageKey
  return dictionaries[lang][k] ?? dictionaries.en[k]
}

export function hasMessage(lang: Language, key: string): boolean {
  return dictionaries[lang][key as MessageKey] !== undefined
}

export function createTranslator(lang: Language): Translate {
  return (key, vars) => {
    const own = dictionaries[lang][key]
    const message = own ?? dictionaries.en[key]
    // A key of a screen whose English has not arrived yet (more.ts) is blank for that moment.
    if (message === undefined) {
      if (moreLoaded) return key
      blankShown = true
      return ''
    }
    return interpolate(pick(message, own ? lang : FALLBACK_LANGUAGE, vars), vars)
  }
}

// --- current language (a tiny external store) ---

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY)
  } catch {
    return null
  }
}

/** Bumped when a dictionary arrives, so screens drawn with the fallback draw again. */
let dictionaryVersion = 0

let current: Language = detectLanguage(
  readStored(),
  typeof navigator !== 'undefined' ? navigator.languages : undefined,
)
const listeners = new Set<() => void>()

function applyToDocument(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang
}
applyToDocument(current)
// The reader's own language starts loading at once (main.tsx waits for it before the first render).
if (current !== FALLBACK_LANGUAGE) void loadLanguage(current).catch(() => undefined)

export function getLanguage(): Language {
  return current
}

function notify(): void {
  for (const listener of listeners) listener()
}

/** Loads a language's dictionary once (English is always there); resolves when it is in. */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'en') return Promise.resolve()
  let pending = loading.get(lang)
  if (!pending) {
    pending = loaders[lang]().then((dictionary) => {
      dictionaries[lang] = dictionary
      dictionaryVersion += 1
      notify()
    })
    // A failed load (offline before the chunk was ever cached) may be tried again later.
    pending.catch(() => loading.delete(lang))
    loading.set(lang, pending)
  }
  return pending
}

let moreLoaded = false
let morePending: Promise<void> | undefined
let listPending: Promise<void> | undefined

/**
 * A key was shown blank since the last chunk of English arrived. Only then does a new chunk redraw
 * what is on screen: screens await their English before they render, and a redraw for nothing
 * re-renders every translated component at once — a long task on a slow phone (decision 0035).
 */
let blankShown = false

/** Adds English messages that arrived in a chunk; `complete` once every screen's are in. */
export function addMessages(messages: Dictionary, complete = false): void {
  Object.assign(dictionaries.en, messages)
  if (complete) moreLoaded = true
  if (!blankShown) return
  blankShown = false
  dictionaryVersion += 1
  notify()
}

/** Loads a chunk of English once; a failed load (offline, never cached) may be tried again. */
function loadOnce(
  pending: Promise<void> | undefined,
  load: () => Promise<void>,
  forget: () => void,
): Promise<void> {
  if (pending) return pending
  const started = load()
  started.catch(forget)
  return started
}

/** The lot list's English (its cards too): loaded with the list's chunk. */
export function loadListMessages(): Promise<void> {
  listPending = loadOnce(
    listPending,
    () => import('./messages/lot-list').then((module) => addMessages(module.lotListEn)),
    () => (listPending = undefined),
  )
  return listPending
}

let promptsPending: Promise<void> | undefined

/** The update and install prompts' English (a small chunk): loaded with those prompts. */
export function loadPromptMessages(): Promise<void> {
  promptsPending = loadOnce(
    promptsPending,
    () => import('./messages/prompts').then((module) => addMessages(module.promptsEn)),
    () => (promptsPending = undefined),
  )
  return promptsPending
}

/**
 * The English of every other screen (more.ts, a chunk of its own): awaited by those screens
 * before they render, and started right after the first paint.
 */
export function loadMoreMessages(): Promise<void> {
  morePending = loadOnce(
    morePending,
    () => import('./more').then((module) => addMessages(module.moreEn, true)),
    () => (morePending = undefined),
  )
  return morePending
}

export function setLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang)
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  // Until its dictionary arrives the screen speaks English, then redraws (a moment, once).
  void loadLanguage(lang).catch(() => undefined)
  if (lang === current) return
  current = lang
  applyToDocument(lang)
  notify()
}

/**
 * The server's render of a first screen (src/entry-server.tsx) speaks the reader's language for
 * that one render: no storage, no document, no listeners to tell.
 */
export function setRenderLanguage(lang: Language): void {
  current = lang
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Translate outside React (uses the current language). */
export const t: Translate = (key, vars) => createTranslator(current)(key, vars)

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage)
}

const getDictionaryVersion = () => dictionaryVersion

export interface I18n {
  t: Translate
  lang: Language
  setLanguage: (lang: Language) => void
  formatMoney: (minor: number, currency: string) => string
}

export function useT(): I18n {
  const lang = useLanguage()
  // Subscribed so that a dictionary arriving redraws the screen; `t` reads it at call time.
  useSyncExternalStore(subscribe, getDictionaryVersion, getDictionaryVersion)
  return useMemo(
    () => ({
      t: createTranslator(lang),
      lang,
      setLanguage,
      formatMoney: (minor: number, currency: string) => formatMoney(minor, currency, lang),
    }),
    [lang],
  )
}

export { formatMoney }
