import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import {
  SHOW_CHAT_MAX_LENGTH,
  type ShowChatMessage,
  type ShowState,
} from '../../../../common/shows'
import { isApiError } from '../../../api/errors'
import { InlineRetry } from '../../../components/InlineRetry'
import { Loading } from '../../../components/Spinner'
import { useT, type Language, type Translate } from '../../../i18n'
import { errorMessage } from '../../../i18n/error-message'
import { useOnline } from '../../../offline/online'
import { useEarlierChat, useModerate, usePostChat, useShowChat } from '../api'

/**
 * The show's chat: messages live (the bridge appends `chat.message`, drops `chat.removed`), a
 * composer for members, and for the host a delete and a mute on each viewer's message.
 */
export function ShowChat({
  showId,
  state,
  signedIn,
  muted,
  host = false,
}: {
  showId: string
  state: ShowState
  signedIn: boolean
  muted: boolean
  host?: boolean
}) {
  const { t, lang } = useT()
  const query = useShowChat(showId)
  const log = useRef<HTMLOListElement>(null)
  const earlier = useEarlierChat(showId)
  const newest = query.data?.items.at(-1)?.id
  // A new message scrolls into view, as in any chat (earlier ones, added at the top, do not).
  useEffect(() => {
    const el = log.current
    if (el) el.scrollTop = el.scrollHeight
  }, [newest])
  const before = query.data?.nextCursor ?? null
  return (
    <section className="panel show-chat" aria-labelledby="show-chat-h">
      <h2 id="show-chat-h">{t('shows.chat.title')}</h2>
      {/* Its room is kept while the first page loads: the composer and what follows stay put. */}
      <div className="show-chat-body">
        {before ? (
          <p className="small">
            <button
              type="button"
              className="link-btn"
              disabled={earlier.isPending}
              onClick={() => earlier.mutate(before)}
            >
              {t('shows.chat.earlier')}
            </button>
            {earlier.isError ? (
              <span className="field-error"> {errorMessage(earlier.error, lang)}</span>
            ) : null}
          </p>
        ) : null}
        {query.data ? (
          query.data.items.length === 0 ? (
            <p className="muted small">{t('shows.chat.empty')}</p>
          ) : (
            <ol className="show-chat-log" ref={log} aria-live="polite" data-testid="chat-log">
              {query.data.items.map((message) => (
                <ChatLine key={message.id} showId={showId} message={message} host={host} />
              ))}
            </ol>
          )
        ) : query.isError ? (
          <InlineRetry
            message={errorMessage(query.error, lang)}
            onRetry={() => void query.refetch()}
            small
          />
        ) : (
          <Loading label={t('shows.chat.loading')} />
        )}
      </div>
      <Composer showId={showId} state={state} signedIn={signedIn} muted={muted} />
    </section>
  )
}

function ChatLine({
  showId,
  message,
  host,
}: {
  showId: string
  message: ShowChatMessage
  host: boolean
}) {
  const { t, lang } = useT()
  const moderate = useModerate(showId)
  return (
    <li className="show-chat-line">
      <strong>{message.author}</strong>
      {message.host ? <span className="badge">{t('shows.chat.hostBadge')}</span> : null}{' '}
      <span>{message.body}</span>
      {host && !message.host ? (
        <span className="show-chat-tools">
          <button
            type="button"
            className="link-btn"
            aria-label={t('shows.chat.deleteLabel', { author: message.author })}
            disabled={moderate.isPending}
            onClick={() => moderate.mutate({ messageId: message.id, action: 'remove' })}
          >
            {t('shows.chat.delete')}
          </button>{' '}
          <button
            type="button"
            className="link-btn"
            aria-label={t('shows.chat.muteLabel', { author: message.author })}
            disabled={moderate.isPending}
            onClick={() => moderate.mutate({ messageId: message.id, action: 'mute' })}
          >
            {moderate.isSuccess && moderate.variables?.action === 'mute'
              ? t('shows.chat.mutedDone')
              : t('shows.chat.mute')}
          </button>
        </span>
      ) : null}
      {moderate.isError ? (
        <span className="field-error small" role="alert">
          {' '}
          {errorMessage(moderate.error, lang)}
        </span>
      ) : null}
    </li>
  )
}

/** What a refused message says: the host's mute, the rate limit, a show that is over. */
function chatError(error: unknown, lang: Language, t: Translate): string {
  if (isApiError(error) && error.code === 'rate_limited') return t('shows.chat.rateLimited')
  return errorMessage(error, lang)
}

function Composer({
  showId,
  state,
  signedIn,
  muted,
}: {
  showId: string
  state: ShowState
  signedIn: boolean
  muted: boolean
}) {
  const { t, lang } = useT()
  const online = useOnline()
  const [location] = useLocation()
  const [body, setBody] = useState('')
  const post = usePostChat(showId)
  const fieldId = useId()
  const counterId = `${fieldId}-count`
  const errorId = `${fieldId}-error`
  if (!signedIn) {
    return (
      <p className="small">
        <Link href={`/sign-in?next=${encodeURIComponent(location)}`}>{t('shows.chat.signIn')}</Link>
      </p>
    )
  }
  if (state === 'ended') return <p className="muted small">{t('shows.chat.closed')}</p>
  if (muted) return <p className="notice small">{t('errors.chat_muted')}</p>
  const text = body.trim()
  const tooLong = body.length > SHOW_CHAT_MAX_LENGTH
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!text || tooLong || post.isPending) return
    post.mutate(text, { onSuccess: () => setBody('') })
  }
  const error = post.isError ? chatError(post.error, lang, t) : null
  return (
    <form className="show-chat-form" onSubmit={submit}>
      <label htmlFor={fieldId} className="visually-hidden">
        {t('shows.chat.label')}
      </label>
      <input
        id={fieldId}
        value={body}
        onChange={(e) => {
          setBody(e.target.value)
          if (post.isError) post.reset()
        }}
        maxLength={SHOW_CHAT_MAX_LENGTH}
        placeholder={t('shows.chat.placeholder')}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={[counterId, error ? errorId : ''].filter(Boolean).join(' ')}
      />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={!online || !text || tooLong || post.isPending}
      >
        {t('shows.chat.send')}
      </button>
      <p className="muted small show-chat-count" id={counterId}>
        {t('shows.chat.count', { count: body.length, max: SHOW_CHAT_MAX_LENGTH })}
      </p>
      {!online ? <p className="muted small">{t('shows.chat.offline')}</p> : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
