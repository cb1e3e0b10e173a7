import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'

export type ToastTone = 'info' | 'success' | 'error'

/** A button on the toast ("Bid €160", "Open lot"); choosing it also dismisses the toast. */
export interface ToastAction {
  label: string
  onSelect: () => void
}

export interface ToastInput {
  message: string
  tone?: ToastTone
  /** ms; 0 keeps it until dismissed. Default 6000. */
  duration?: number
  action?: ToastAction
}

interface ToastItem extends Required<Omit<ToastInput, 'action'>> {
  id: number
  action?: ToastAction
}

interface ToastApi {
  notify: (toast: ToastInput) => number
  dismiss: (id: number) => void
}

const ToastContext = createContext<ToastApi | null>(null)

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast must be used inside <ToastProvider>')
  return api
}

/**
 * Toasts live in one polite aria-live region (errors assertive), so screen readers hear them
 * without focus moving. Each toast can be dismissed with its button.
 */
export function ToastProvider({
  children,
  dismissLabel,
}: {
  children: ReactNode
  dismissLabel: string
}) {
  const [items, setItems] = useState<ToastItem[]>([])
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id)
    if (timer) clearTimeout(timer)
    timers.current.delete(id)
    setItems((list) => list.filter((item) => item.id !== id))
  }, [])

  const notify = useCallback(
    ({ message, tone = 'info', duration = 6000, action }: ToastInput) => {
      const id = nextId.current++
      setItems((list) => [...list.slice(-3), { id, message, tone, duration, action }])
      if (duration > 0)
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), duration),
        )
      return id
    },
    [dismiss],
  )

  useEffect(() => {
    const map = timers.current
    return () => map.forEach((timer) => clearTimeout(timer))
  }, [])

  const api = useMemo(() => ({ notify, dismiss }), [notify, dismiss])
  const polite = items.filter((item) => item.tone !== 'error')
  const assertive = items.filter((item) => item.tone === 'error')

  const render = (item: ToastItem) => (
    <div key={item.id} className={`toast toast-${item.tone}`}>
      <span>{item.message}</span>
      {item.action ? (
        <button
          type="button"
          className="btn btn-secondary toast-action"
          onClick={() => {
            dismiss(item.id)
            item.action?.onSelect()
          }}
        >
          {item.action.label}
        </button>
      ) : null}
      <button type="button" className="toast-close" onClick={() => dismiss(item.id)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{dismissLabel}</span>
      </button>
    </div>
  )

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts">
        <div role="status" aria-live="polite" aria-atomic="false">
          {polite.map(render)}
        </div>
        <div role="alert" aria-live="assertive">
          {assertive.map(render)}
        </div>
      </div>
    </ToastContext.Provider>
  )
}
