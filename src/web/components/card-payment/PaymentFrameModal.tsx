import { Box, LoadingOverlay, Modal, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type { FrameMessage } from '../../../contracts/payments'
import { useTranslation } from '../../i18n/use-translation'
import { PAYMENT_FRAME_HEIGHT, paymentFrameSrc, trustedFrameMessage } from '../../lib/payments/frame-protocol'
import { useSession } from '../../lib/session-context'

export type StartForm = Extract<FrameMessage, { type: 'start' }>['form']

/** What the modal says while the server is asked: checking a claimed success, or waiting for the booking. */
export type FrameWaiting = 'confirming' | 'processing'

/**
 * The modal holding the payment frame (spec/2 §2, §4). The frame loads /payment/start and says
 * 'ready'; the form goes to it then, with this site's origin as the target, never '*'. Its answers
 * are read only from this site's origin and from this frame's window: 'loading' shows or hides the
 * loader above it, 'dialogClose' closes the modal, 'payment_failed' closes it with the bank's
 * message, and 'payment_succeed' and 'payment_processing' are handed on as claims for the server to
 * confirm (onSucceedClaim, onProcessingClaim). While it is asked the modal says what it waits for.
 */
export function PaymentFrameModal({
  form,
  onClose,
  onFailed,
  onSucceedClaim,
  onProcessingClaim,
  waiting,
}: {
  /** The form to pay with; the modal is open while it is set. */
  form: StartForm | null
  onClose: () => void
  onFailed: (message: string) => void
  onSucceedClaim: (intentId: string) => void
  /** The bank approved; the payment is being settled. */
  onProcessingClaim: (intentId: string) => void
  /** The server is being asked whether the payment succeeded, or the approved payment is being booked. */
  waiting: FrameWaiting | null
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const frame = useRef<HTMLIFrameElement>(null)
  const [loading, setLoading] = useState(true)
  // The frame's first page is /payment/start; any later page (the bank's 3-D Secure page, its answer)
  // is drawn by the time it has loaded, whether or not it can say so.
  const loads = useRef(0)
  const opened = form !== null
  const waitingText = waiting === 'processing' ? t('payment.frame.processing') : t('payment.frame.confirming')
  // The handlers change with every render of the form; the listener reads the latest ones.
  const handlers = useRef({ onClose, onFailed, onSucceedClaim, onProcessingClaim })
  handlers.current = { onClose, onFailed, onSucceedClaim, onProcessingClaim }

  useEffect(() => {
    if (!form) return
    setLoading(true)
    loads.current = 0
    let started = false
    const listener = (event: MessageEvent) => {
      const contentWindow = frame.current?.contentWindow
      const message = trustedFrameMessage(event, contentWindow)
      if (!message || !contentWindow) return
      switch (message.type) {
        case 'ready':
          // Once per opening: a frame that reloads (the bank's page coming back) gets no second form.
          if (started) return
          started = true
          contentWindow.postMessage({ type: 'start', form } satisfies FrameMessage, window.location.origin)
          return
        case 'loading':
          setLoading(message.value)
          return
        case 'dialogClose':
          setLoading(true)
          handlers.current.onClose()
          return
        case 'payment_failed':
          setLoading(true)
          handlers.current.onFailed(message.message)
          return
        case 'payment_succeed':
          handlers.current.onSucceedClaim(message.intentId)
          return
        case 'payment_processing':
          handlers.current.onProcessingClaim(message.intentId)
          return
      }
    }
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  }, [form])

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payment.frame.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={false}
      data-testid="payment-modal"
    >
      <Box pos="relative" mih={PAYMENT_FRAME_HEIGHT}>
        <LoadingOverlay
          visible={loading || waiting !== null}
          zIndex={2}
          overlayProps={{ blur: 1 }}
          loaderProps={{ 'aria-label': waiting ? waitingText : t('payment.frame.loading') }}
        />
        {waiting && (
          <Stack
            role="status"
            gap={4}
            pos="absolute"
            top={16}
            left="50%"
            w="calc(100% - 32px)"
            maw={440}
            p="sm"
            bg="var(--mantine-color-body)"
            bd="1px solid var(--mantine-color-default-border)"
            style={{ zIndex: 3, transform: 'translateX(-50%)', borderRadius: 'var(--mantine-radius-md)' }}
            data-testid="payment-waiting"
          >
            <Text size="sm" ta="center" fw={waiting === 'processing' ? 600 : undefined}>
              {waitingText}
            </Text>
            {waiting === 'processing' && (
              <Text size="sm" ta="center">
                {t('payment.frame.processingHelp')}
              </Text>
            )}
          </Stack>
        )}
        {opened && (
          <iframe
            ref={frame}
            src={paymentFrameSrc(locale)}
            title={t('payment.frame.frameTitle')}
            height={PAYMENT_FRAME_HEIGHT}
            width="100%"
            style={{ border: 0, display: 'block', width: '100%' }}
            data-testid="payment-frame"
            onLoad={() => {
              loads.current += 1
              if (loads.current > 1) setLoading(false)
            }}
          />
        )}
      </Box>
    </Modal>
  )
}
