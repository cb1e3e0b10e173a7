import { useT } from '../i18n'
import { THEMES } from './theme'
import { setTheme, useTheme } from './theme-choice'

/** The theme radio group of the Account screen: System (default), Light, Dark. */
export function ThemeChoice() {
  const { t } = useT()
  const theme = useTheme()
  return (
    <fieldset className="choice">
      <legend>{t('account.theme')}</legend>
      {THEMES.map((option) => (
        <label key={option} className="choice-option">
          <input
            type="radio"
            name="theme"
            value={option}
            checked={theme === option}
            onChange={() => setTheme(option)}
          />
          <span>{t(`theme.${option}`)}</span>
        </label>
      ))}
    </fieldset>
  )
}
