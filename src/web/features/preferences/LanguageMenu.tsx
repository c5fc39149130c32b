import { Group, Menu } from '@mantine/core'
import type { Locale } from '../../../contracts/common'
import { BusyButton } from '../../components/BusyButton'
import { FlagGb, FlagTr } from '../../components/Flags'
import { ChevronDownIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { useChangeLocale } from './preferences-api'

// Not imported from contracts: that module would bring zod into the entry chunk.
const locales: readonly Locale[] = ['tr', 'en']

function Flag({ locale }: { locale: Locale }) {
  return locale === 'en' ? <FlagGb width={20} /> : <FlagTr width={20} />
}

/** Turkish / English, with flags (spec/2 §2 "Language switcher"). */
export function LanguageMenu() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const changeLocale = useChangeLocale()

  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <BusyButton
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<Flag locale={locale} />}
          rightSection={<ChevronDownIcon size={14} />}
          busy={changeLocale.isPending}
          aria-label={t('language.label', { code: locale.toUpperCase(), language: t(`language.${locale}`) })}
        >
          {locale.toUpperCase()}
        </BusyButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.RadioGroup
          value={locale}
          onChange={(value) => {
            const next = locales.find((l) => l === value)
            if (next && next !== locale) changeLocale.mutate(next)
          }}
        >
          {locales.map((l) => (
            <Menu.RadioItem key={l} value={l} lang={l} closeMenuOnClick>
              <Group gap="xs" wrap="nowrap">
                <Flag locale={l} />
                {t(`language.${l}`)}
              </Group>
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  )
}
