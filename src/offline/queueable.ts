/**
 * The queueable writes' definitions (their `registerMutationDefaults` calls), which the app
 * provides: this shared layer cannot import the features that define them (src/main.tsx passes
 * `import('./app/offline-mutations')`). They are loaded only when a queued write has to be brought
 * back — restored from the saved cache or adopted from the shared queue on disk — so a start with
 * nothing queued (every first visit) never downloads them (decision 0044). The screens that make
 * queued writes register their own definitions when they load.
 *
 * A load that fails is forgotten, so the next write brought back tries again; meanwhile the
 * queue on disk keeps every write no tab has replayed.
 */
let load: (() => Promise<unknown>) | undefined
let loading: Promise<void> | undefined

export function provideQueueableDefinitions(loader: () => Promise<unknown>): void {
  load = loader
  loading = undefined
}

/** Resolves once the definitions are registered (at once when none were provided: tests). */
function queueableDefinitions(): Promise<void> {
  if (!load) return Promise.resolve()
  loading ??= load().then(
    () => undefined,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * Waits for the definitions when `writes` holds any; a failed load does not stop the caller, which
 * leaves the writes on disk (they are not lost), and is reported.
 */
export async function definitionsFor(writes: readonly unknown[]): Promise<void> {
  if (writes.length === 0) return
  await queueableDefinitions().catch((error: unknown) => {
    console.warn('The queued writes could not be loaded; they stay queued', error)
  })
}
