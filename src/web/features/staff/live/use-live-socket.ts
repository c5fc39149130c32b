import { useEffect, useRef, useState } from 'react'
import {
  type CheckOnlineUsers,
  LIVE_CLOSE_NOT_ALLOWED,
  LIVE_CLOSE_SESSION_ENDED,
  liveServerMessageSchema,
  type OnlineUser,
} from '../../../../contracts/staff-live'
import { PRESENCE_POLL_MS } from '../../../../domain/presence'
import { liveSocketUrl, reconnectDelay } from './live-format'

/** connecting: the first attempt; live: open; reconnecting: lost (or refused) and trying again; ended: the session is over. */
export type LiveConnection = 'connecting' | 'live' | 'reconnecting' | 'ended'

export interface LiveHandlers {
  /** Every list the server sends (answers and pushes alike): it replaces the one shown. */
  onOnlineUsers?: (users: OnlineUser[]) => void
  onCartsChanged?: () => void
  /** The socket is open again after it was lost: pushes may have been missed meanwhile. */
  onReconnected?: () => void
}

const OPEN = 1

/**
 * The staff socket (spec/2 §7): sends checkOnlineUsers with the page's host when it opens and every
 * 10 s, hands each message on, and reconnects after a loss, waiting longer each time (1 s up to 30 s).
 * A close for an ended session (4401, 4403) is final: the page says so instead of trying again.
 */
export function useLiveSocket(handlers: LiveHandlers): LiveConnection {
  const [connection, setConnection] = useState<LiveConnection>('connecting')
  const handlersRef = useRef(handlers)
  handlersRef.current = handlers

  useEffect(() => {
    let socket: WebSocket | null = null
    let poll: ReturnType<typeof setInterval> | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let wasOpen = false
    let stopped = false

    const ask = () => {
      if (socket?.readyState !== OPEN) return
      const message: CheckOnlineUsers = { type: 'checkOnlineUsers', host: window.location.host }
      socket.send(JSON.stringify(message))
    }

    const open = () => {
      const current = new WebSocket(liveSocketUrl(window.location))
      socket = current
      current.onopen = () => {
        failures = 0
        setConnection('live')
        if (wasOpen) handlersRef.current.onReconnected?.()
        wasOpen = true
        ask()
        poll = setInterval(ask, PRESENCE_POLL_MS)
      }
      current.onmessage = (event: MessageEvent) => {
        let data: unknown
        try {
          data = JSON.parse(String(event.data))
        } catch {
          return
        }
        const message = liveServerMessageSchema.safeParse(data)
        if (!message.success) return
        if (message.data.type === 'updateOnlineUsers')
          handlersRef.current.onOnlineUsers?.(message.data.onlineUsers)
        else handlersRef.current.onCartsChanged?.()
      }
      current.onclose = (event: CloseEvent) => {
        clearInterval(poll)
        if (stopped || socket !== current) return
        if (event.code === LIVE_CLOSE_SESSION_ENDED || event.code === LIVE_CLOSE_NOT_ALLOWED) {
          setConnection('ended')
          return
        }
        failures++
        setConnection('reconnecting')
        retry = setTimeout(open, reconnectDelay(failures, Math.random()))
      }
    }

    open()
    return () => {
      stopped = true
      clearInterval(poll)
      clearTimeout(retry)
      socket?.close()
    }
  }, [])

  return connection
}
