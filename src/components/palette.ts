import type { BadgeLevel } from '@/data/badge-thresholds'

/**
 * The colours of good / warning / danger wherever Vigil grades something (count badges, coverage,
 * health). Chosen so that badge text passes WCAG AA in both themes (autoContrast picks the text).
 */
export const levelColors: Record<BadgeLevel, string> = { good: 'teal.9', warning: 'yellow.5', danger: 'red.8' }
