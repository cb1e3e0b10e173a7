import { useEffect } from 'react'
import { APP_STARTED_EVENT } from './started-event'

/** Marks the app's start for the entry (started-event.ts), bench/first-render.ts and the e2e suite. */
export function StartedMark({ mark }: { mark: string }) {
  useEffect(() => {
    performance.mark(mark)
    document.dispatchEvent(new Event(APP_STARTED_EVENT))
  }, [mark])
  return null
}
