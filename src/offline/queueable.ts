/**
 * The queueable writes' definitions (their `registerMutationDefaults` calls), which the app
 * provides: this shared layer cannot import the features that define them (src/main.tsx passes
 * `import('./app/offline-mutations')`). They are loaded only when a queued write has to be brought
 * back — restored from the saved cache or adopted from the shared queue on disk — so a start with
 * nothing queued (every first visit) never downloads them (decision 0044). The screens that make
 * queued writes register their own definitions when they load.
 */
let load: (() => Promise<unknown>) | undefined

export function provideQueueableDefinitions(loader: () => Promise<unknown>): void {
  load = loader
}

/**
 * Waits for the definitions when `writes` holds any (at once when none were provided: tests). The
 * browser loads a module once, so a second call costs nothing; a load that failed is tried again
 * by the next. A failed load does not stop the caller, which leaves the writes on disk (they are
 * not lost), and is reported.
 */
export async function definitionsFor(writes: readonly unknown[]): Promise<void> {
  if (writes.length === 0 || !load) return
  await load().catch((error: unknown) => {
    console.warn('The queued writes could not be loaded; they stay queued', error)
  })
}
