import { Card, Group, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A dashboard tile: a titled section with one large figure, and what explains it below. */
export function FigureTile({
  id,
  icon,
  title,
  figure,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string
  icon: ReactNode
  title: string
  figure: ReactNode
  children: ReactNode
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Group gap="xs" mb="xs">
        {icon}
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
      </Group>
      <Text fz={32} fw={700} lh={1.1} mb="sm">
        {figure}
      </Text>
      {children}
    </Card>
  )
}
