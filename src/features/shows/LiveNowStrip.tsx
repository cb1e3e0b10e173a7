import { Link } from 'wouter'
import { SHOWS_CHANNEL } from '../../../common/wire'
import { useT } from '../../i18n'
import { useChannel } from '../../realtime/provider'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/client'
import { useCurrency } from '../../api/config'
import { showKeys, type ShowPage } from './keys'
import './live-strip.css'

// Apart from the feature's api.ts: the list loads this chunk on every visit, the show screens'
// shared code only when a show is opened.
/** `GET /api/shows?kind=live`: the first page, patched by `show.listed` (rules.ts). */
function useLiveShows() {
  return useQuery({
    queryKey: showKeys.list('live'),
    queryFn: ({ signal }) =>
      api.get('shows', { searchParams: { kind: 'live' }, signal }).json<ShowPage>(),
  })
}

/**
 * "Live now" above the lot list (issue 34): each show on air with its seller and the price of the
 * lot on the block. The lot list loads this chunk once the page is idle, and it renders nothing
 * until a show is live: the first screen neither waits for it nor keeps room for it.
 */
export function LiveNowStrip() {
  const { t, formatMoney } = useT()
  const currency = useCurrency()
  const format = (minor: number) => formatMoney(minor, currency)
  const query = useLiveShows()
  useChannel(SHOWS_CHANNEL)
  const live = query.data?.items.filter((show) => show.state === 'live' || show.state === 'paused')
  if (!live || live.length === 0) return null
  return (
    <aside className="live-strip" aria-labelledby="live-strip-h" data-testid="live-strip">
      <h2 id="live-strip-h" className="live-strip-title">
        <span className="live-dot" aria-hidden="true" /> {t('shows.liveNow')}
      </h2>
      <ul role="list">
        {live.map((show) => (
          <li key={show.id}>
            <Link href={`/shows/${show.id}`} className="live-strip-show">
              <strong>{show.title}</strong>
              <span className="muted small"> · {show.seller}</span>
              {show.currentLot ? (
                <span className="small">
                  {' · '}
                  {show.currentLot.title}{' '}
                  <strong>
                    {format(show.currentLot.currentPrice ?? show.currentLot.startingPrice)}
                  </strong>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <Link href="/shows" className="small">
        {t('shows.all')}
      </Link>
    </aside>
  )
}
