import { ActionIcon, Group } from '@mantine/core'
import IconBrandFacebook from '@tabler/icons-react/dist/esm/icons/IconBrandFacebook.mjs'
import IconBrandInstagram from '@tabler/icons-react/dist/esm/icons/IconBrandInstagram.mjs'
import IconBrandPinterest from '@tabler/icons-react/dist/esm/icons/IconBrandPinterest.mjs'
import IconBrandTwitter from '@tabler/icons-react/dist/esm/icons/IconBrandTwitter.mjs'
import IconBrandYoutube from '@tabler/icons-react/dist/esm/icons/IconBrandYoutube.mjs'
import { parseSocialLinks, type SocialNetwork } from '../../../domain/social-links'
import { decorative } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'

const icons: Record<SocialNetwork, ReturnType<typeof decorative>> = {
  facebook: decorative(IconBrandFacebook),
  instagram: decorative(IconBrandInstagram),
  twitter: decorative(IconBrandTwitter),
  youtube: decorative(IconBrandYoutube),
  pinterest: decorative(IconBrandPinterest),
}

/**
 * The store's social media links (spec/2 §2 "Social links"): an icon each, named by its network, opening
 * in a new tab without giving that page a handle on ours. Nothing at all when none is shown.
 */
export function SocialLinks({ setting }: { setting: string | null }) {
  const { t } = useTranslation()
  const links = parseSocialLinks(setting)
  if (links.length === 0) return null
  return (
    <nav aria-label={t('footer.social')}>
      <Group gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {links.map(({ network, url }) => {
          const Icon = icons[network]
          return (
            <li key={network}>
              <ActionIcon
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t(`social.${network}`)}
                title={t(`social.${network}`)}
              >
                <Icon size={22} />
              </ActionIcon>
            </li>
          )
        })}
      </Group>
    </nav>
  )
}
