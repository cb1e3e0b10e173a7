import type { RatingScore } from '../../../common/orders/ratings'
import { useT } from '../../i18n'
import './sellers.css'

const SYMBOL: Record<RatingScore, string> = { positive: '+', neutral: '=', negative: '−' }

/** A rating's score as a coloured mark with its word (the colour is never the only sign). */
export function ScoreMark({ score }: { score: RatingScore }) {
  const { t } = useT()
  return (
    <span className={`score-mark score-${score}`}>
      <span aria-hidden="true">{SYMBOL[score]}</span> {t(`rating.score.${score}`)}
    </span>
  )
}
