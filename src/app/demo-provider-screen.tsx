import type { ComponentProps } from 'react'
import { DemoProviderPages } from '@/demo-idp/pages'
import { MantineFollowingTheme } from '@/state/theme-mantine'

/** The demo provider's pages, drawn with Mantine in the theme's colour scheme (their chunk brings both). */
export function ThemedDemoProviderPages(props: ComponentProps<typeof DemoProviderPages>) {
  return (
    <MantineFollowingTheme>
      <DemoProviderPages {...props} />
    </MantineFollowingTheme>
  )
}
