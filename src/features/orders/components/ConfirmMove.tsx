import { useId, useRef, useState, useEffect } from 'react'
import { Button } from '../../../components/Button'
import { useT, type MessageKey } from '../../../i18n'
import type { OrderAction } from '../api/moves'
import type { Mover } from './mover'

/**
 * A move that cannot be taken back (the receipt pays the seller; a problem holds the money): a
 * button that first asks, in place, and moves focus to the question.
 */
export function ConfirmMove({
  action,
  label,
  question,
  yes,
  mover,
  variant = 'primary',
  vars,
}: {
  action: OrderAction
  label: MessageKey
  question: MessageKey
  yes: MessageKey
  mover: Mover
  variant?: 'primary' | 'secondary'
  vars?: Record<string, string>
}) {
  const { t } = useT()
  const id = useId()
  const [asking, setAsking] = useState(false)
  const questionRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (asking) questionRef.current?.focus()
  }, [asking])
  const offline = mover.online ? undefined : t('order.offline')
  if (!asking) {
    return (
      <Button
        variant={variant}
        onClick={() => setAsking(true)}
        disabled={!mover.online}
        disabledReason={offline}
        reasonId={`${id}-offline`}
        data-testid={`move-${action.type}`}
      >
        {t(label)}
      </Button>
    )
  }
  return (
    <div className="confirm-move" role="group" aria-labelledby={`${id}-q`}>
      <p id={`${id}-q`} ref={questionRef} tabIndex={-1}>
        {t(question, vars)}
      </p>
      <div className="actions">
        <Button
          variant={variant}
          pending={mover.pending}
          pendingLabel={t('order.pending')}
          disabled={!mover.online}
          disabledReason={offline}
          reasonId={`${id}-offline2`}
          onClick={() => mover.move(action)}
          data-testid={`confirm-${action.type}`}
        >
          {t(yes)}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          {t('order.cancel')}
        </Button>
      </div>
    </div>
  )
}
