import { Button, Stack, Text, Title } from '@mantine/core'
import { IconTools } from '@tabler/icons-react'
import { Link } from 'wouter'

export function SectionUnavailableScreen({ name }: { name: string }) {
  return (
    <Stack align="flex-start" gap="sm">
      <IconTools size={40} stroke={1.5} aria-hidden />
      <Title order={1} size="h2">
        {name}
      </Title>
      <Text>{name} is not available yet. It is on its way; everything else in Vigil works today.</Text>
      <Button component={Link} href="/">
        Back to the dashboard
      </Button>
    </Stack>
  )
}
