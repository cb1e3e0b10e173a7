import { Suspense, type ReactNode } from 'react'

/**
 * A part of a page the server drew that React hydrates on its own, after the rest and in a task of
 * its own (a Suspense boundary; nothing in it suspends, so its fallback never shows): a slow
 * phone's hydration then comes as one short task per part instead of one long one for the whole
 * screen, and the header, filters and bid bar answer a tap first (decision 0062). A part that is
 * tapped, or that gets new props, before its turn is hydrated at once.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
