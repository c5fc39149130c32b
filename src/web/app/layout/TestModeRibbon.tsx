import { useId } from 'react'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import classes from './TestModeRibbon.module.css'

/**
 * "TEST MODU" on every page while the sandbox POS is the gateway outside development (the bootstrap's
 * testMode, config.ts): a visitor of a demo or staging server must not take its payments for real
 * ones. In words, not only colour; in the page's flow above the header (never laid over its controls),
 * and a landmark of its own, so a screen reader lists it with the page's regions.
 */
export function TestModeRibbon() {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const titleId = useId()
  if (!bootstrap.testMode) return null
  return (
    <aside className={classes.ribbon} aria-labelledby={titleId} data-testid="test-mode-ribbon">
      <strong id={titleId} className={classes.title}>
        {t('testMode.title')}
      </strong>{' '}
      <span>{t('testMode.text')}</span>
    </aside>
  )
}
