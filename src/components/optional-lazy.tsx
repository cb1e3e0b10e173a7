import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { useOnline } from '../offline/online'
import { ErrorBoundary } from './ErrorBoundary'

/** A component's props; `object` for one that takes none. */
type PropsOf<C> = C extends (props: infer P) => ReactNode
  ? unknown extends P
    ? object
    : P
  : object

/**
 * A lazy chunk the page can live without (a badge, a prompt, a background sync, a panel of extra
 * tools). Until it loads its fallback shows in its place; while it cannot load (offline without the
 * service worker's copy, a deploy that removed it) `unavailable` does, and the connection's return
 * tries it again. A plain `lazy` throws its failure up to the nearest boundary, which for the
 * header's pieces is none: the whole app went blank (docs/decisions/0041-optional-chunks.md).
 */
export function optionalLazy<C extends (props: never) => ReactNode>(
  load: () => Promise<{ default: C }>,
  fallback: (props: PropsOf<C>) => ReactNode = () => null,
  unavailable: (props: PropsOf<C>) => ReactNode = fallback,
): ComponentType<PropsOf<C>> {
  type P = PropsOf<C>
  // React keeps a lazy component's failure for good, so a retry needs a new one. (The cast: C's
  // props are P by construction; TypeScript cannot see through the conditional type.)
  const lazyOf = () => lazy(load as unknown as () => Promise<{ default: ComponentType<P> }>)
  let Lazy = lazyOf()
  function Optional(props: P) {
    const online = useOnline()
    return (
      <ErrorBoundary
        resetKey={online}
        fallback={() => unavailable(props)}
        onError={(error) => {
          Lazy = lazyOf()
          console.warn('An optional part of the page could not load', error)
        }}
      >
        <Suspense fallback={fallback(props)}>
          <Lazy {...props} />
        </Suspense>
      </ErrorBoundary>
    )
  }
  return Optional
}
