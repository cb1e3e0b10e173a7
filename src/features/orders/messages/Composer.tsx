import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import {
  messageLength,
  ORDER_MESSAGE_COUNT_FROM,
  ORDER_MESSAGE_MAX_LENGTH,
} from '../../../../common/orders/messages'
import type { Order } from '../../../../common/orders/shapes'
import { Button } from '../../../components/Button'
import { useT, type MessageKey } from '../../../i18n'
import { useOnline } from '../../../offline/online'
import { sendErrorText } from './text'
import { useSendMessage } from './use-send-message'

/**
 * The message box: a count once the text nears the limit, the limit's error past it, Send (and
 * Ctrl/⌘+Enter). A send offline is queued and the box is free again at once; a refusal puts the
 * text back when the box is still empty, with the reason.
 */
export function Composer({ order }: { order: Order }) {
  const { t, lang } = useT()
  const online = useOnline()
  const id = useId()
  const [text, setText] = useState('')
  const [blank, setBlank] = useState(false)
  const send = useSendMessage(({ body }) => setText((now) => (now === '' ? body : now)))
  const length = messageLength(text)
  const over = length - ORDER_MESSAGE_MAX_LENGTH
  const max = ORDER_MESSAGE_MAX_LENGTH

  const submit = () => {
    if (over > 0) return
    if (length === 0) {
      setBlank(true)
      return
    }
    const body = text.trim()
    setText('')
    setBlank(false)
    send.mutate({ orderId: order.id, body })
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      submit()
    }
  }

  const error =
    over > 0
      ? t('orderMessages.tooLong', { count: over, max })
      : blank
        ? t('orderMessages.blank')
        : send.isError
          ? t('orderMessages.notSent', { reason: sendErrorText(send.error, lang) })
          : null
  const ids = { hint: `${id}-hint`, count: `${id}-count`, error: `${id}-error` }
  const showCount = length >= ORDER_MESSAGE_COUNT_FROM
  const describedBy = [error ? ids.error : '', showCount ? ids.count : '', ids.hint]
    .filter(Boolean)
    .join(' ')

  return (
    <form className="order-composer" onSubmit={onSubmit} noValidate>
      {!online ? <p className="small muted">{t('orderMessages.offline')}</p> : null}
      <div className={error ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-body`}>
          {t(`orderMessages.label.${order.viewer}` as MessageKey)}
        </label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={3}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setBlank(false)
            if (send.isError) send.reset()
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {showCount ? (
          <p className="field-hint" id={ids.count} aria-live="polite">
            {t('orderMessages.count', { count: length, max })}
          </p>
        ) : null}
        {error ? (
          <p className="field-error" id={ids.error} role="alert">
            {error}
          </p>
        ) : null}
        <p className="field-hint small muted" id={ids.hint}>
          {t('orderMessages.hint')}
        </p>
      </div>
      <Button type="submit" disabled={over > 0}>
        {t('orderMessages.send')}
      </Button>
    </form>
  )
}
