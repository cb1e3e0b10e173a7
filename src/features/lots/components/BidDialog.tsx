import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useT } from '../../../i18n'

const focusFirst = (dialog: HTMLDialogElement) => {
  const targets = [...dialog.querySelectorAll<HTMLElement>('[data-autofocus]')]
  const target =
    targets.find((el) => !el.closest('[hidden]') && !el.hasAttribute('disabled')) ?? dialog
  target.focus()
}

/**
 * A modal dialog (the native one: the page behind is inert) for the bid sheet and the review.
 * Opening moves focus in (`data-autofocus`, again whenever `view` changes); Escape, the close
 * button or `open` turning false closes it and focus returns to what opened it.
 */
export function BidDialog({
  open,
  onClose,
  title,
  view,
  className,
  children,
}: {
  open: boolean
  onClose: () => void
  title: string
  /** Which content shows (the form, the review): focus moves again when it changes. */
  view?: string
  className?: string
  children: ReactNode
}) {
  const { t } = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()

  // A layout effect: the dialog opens or closes, and focus returns to its opener, in the commit
  // itself — before any focus a child asks for in an animation frame (a refused bid's field, the
  // result), which must win, not be taken back by a close that runs later.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open) {
      if (!dialog.open) {
        opener.current = document.activeElement as HTMLElement | null
        if (typeof dialog.showModal === 'function') dialog.showModal()
        else dialog.setAttribute('open', '')
      }
      focusFirst(dialog)
    } else if (dialog.open) {
      dialog.close()
      opener.current?.focus()
    }
  }, [open, view])

  return (
    <dialog
      ref={ref}
      className={['bid-dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: we close it ourselves, so state and focus stay in step.
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        onClose()
      }}
    >
      <div className="bid-dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="toast-close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('bid.close')}</span>
        </button>
      </div>
      {open ? children : null}
    </dialog>
  )
}
