import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core'
import { Trans } from 'react-i18next'
import { Link } from 'react-router'
import type { Campaign } from '../../../contracts/campaigns'
import { productsShownInCampaign } from '../../../domain/campaign'
import { AlertIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { describeError } from '../../lib/error-message'
import { loginPath } from '../../lib/locale-path'
import { useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { useCampaigns } from './campaigns-api'
import { CampaignSection, CampaignSectionSkeleton } from './components/CampaignSection'

/** The campaigns with the products the visitor wants to see; a campaign left empty is not shown. */
function visibleCampaigns(campaigns: Campaign[], showNotInStocks: '0' | '1'): Campaign[] {
  return campaigns
    .map((campaign) => ({
      ...campaign,
      products: productsShownInCampaign(campaign.products, showNotInStocks),
    }))
    .filter((campaign) => campaign.products.length > 0)
}

function Campaigns() {
  const { t } = useTranslation()
  const { preferences } = useSession()
  const campaigns = useCampaigns()

  if (campaigns.isPending) {
    return (
      <div role="status" aria-label={t('home.loading')}>
        <CampaignSectionSkeleton />
      </div>
    )
  }
  if (campaigns.isError) {
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} title={t('home.error')} role="alert">
        <Text size="sm" mb="sm">
          {describeError(campaigns.error, t)}
        </Text>
        <Button size="xs" variant="white" color="red" onClick={() => campaigns.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    )
  }
  const visible = visibleCampaigns(campaigns.data, preferences.showNotInStocks)
  if (visible.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('home.empty')}
      </Text>
    )
  }
  return (
    <Stack gap="xl">
      {visible.map((campaign, index) => (
        <CampaignSection key={campaign.id} campaign={campaign} first={index === 0} />
      ))}
    </Stack>
  )
}

export function HomePage() {
  const { t } = useTranslation()
  const { user, locale } = useSession()
  usePageTitle()

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {user ? t('home.greetingUser', { name: user.name }) : t('home.greetingGuest')}
        </Title>
        {!user && (
          <Text c="dimmed" mt={4}>
            <Trans
              i18nKey="home.guestHint"
              components={{ login: <Anchor component={Link} to={loginPath(locale)} /> }}
            />
          </Text>
        )}
      </div>
      <Campaigns />
    </Stack>
  )
}
