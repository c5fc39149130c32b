import { useId } from 'react'

/** Decorative: the language name is always written beside the flag. */
interface FlagProps {
  width?: number
}

export function FlagTr({ width = 24 }: FlagProps) {
  return (
    <svg width={width} height={(width * 2) / 3} viewBox="0 0 30 20" aria-hidden="true">
      <rect width="30" height="20" fill="#E30A17" />
      <circle cx="10" cy="10" r="5" fill="#fff" />
      <circle cx="11.25" cy="10" r="4" fill="#E30A17" />
      <polygon
        fill="#fff"
        points="14.70,10.00 16.43,9.44 16.43,7.62 17.50,9.09 19.22,8.53 18.16,10.00 19.22,11.47 17.50,10.91 16.43,12.38 16.43,10.56"
      />
    </svg>
  )
}

export function FlagGb({ width = 24 }: FlagProps) {
  const clipId = useId()
  return (
    <svg
      width={width}
      height={(width * 2) / 3}
      viewBox="0 0 60 40"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <clipPath id={clipId}>
        <path d="M30,20 h30 v20 z v20 h-30 z h-30 v-20 z v-20 h30 z" />
      </clipPath>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0,0 L60,40 M60,0 L0,40" stroke="#fff" strokeWidth="8" />
      <path d="M0,0 L60,40 M60,0 L0,40" clipPath={`url(#${clipId})`} stroke="#C8102E" strokeWidth="5" />
      <path d="M30,0 v40 M0,20 h60" stroke="#fff" strokeWidth="12" />
      <path d="M30,0 v40 M0,20 h60" stroke="#C8102E" strokeWidth="7" />
    </svg>
  )
}
