import '@mantine/core/styles.css'
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconShieldLock, IconUserCircle } from '@tabler/icons-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { VigilConfig } from '@/config/config'
import { demoIdentities, type DemoIdentity } from './identities'
import { demoProviderFor, type DemoProvider } from './provider'

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Card withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={460}>
        <Group gap="xs" mb="md">
          <IconShieldLock size={22} aria-hidden />
          <Text fw={600}>Vigil demo identity provider</Text>
        </Group>
        {children}
      </Card>
    </Center>
  )
}

/** How the provider's pages send the browser back: in place of their own entry in the history. */
type Leave = (to: string) => void

function Redirecting({ to, label, leave }: { to: string; label: string; leave: Leave }) {
  // Once: leaving in the document redraws the app, and a second return would spend the code again.
  const left = useRef(false)
  useEffect(() => {
    if (left.current) return
    left.current = true
    leave(to)
  }, [to, leave])
  return (
    <Frame>
      <Group>
        <Loader size="sm" />
        <Text>{label}</Text>
      </Group>
    </Frame>
  )
}

function SignInPage({ provider, params, leave }: { provider: DemoProvider; params: URLSearchParams; leave: Leave }) {
  const check = provider.checkAuthorizeRequest(params)
  const [target, setTarget] = useState<string>()
  const [form, setForm] = useState({ givenName: '', familyName: '', email: check.ok ? (check.loginHint ?? '') : '' })
  const [formError, setFormError] = useState<string>()

  if (target) return <Redirecting to={target} label="Returning to Vigil…" leave={leave} />
  if (!check.ok) {
    if (check.redirectUri)
      return (
        <Redirecting
          to={provider.deny(params, check.error, check.description)}
          label="Returning to Vigil…"
          leave={leave}
        />
      )
    return (
      <Frame>
        <Alert color="red" icon={<IconAlertTriangle />} title="This sign-in request cannot be served" role="alert">
          {check.description}
        </Alert>
        <Anchor href="/" mt="md" display="block">
          Go to Vigil
        </Anchor>
      </Frame>
    )
  }

  const continueAs = (identity: DemoIdentity) => setTarget(provider.approve(params, identity))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const identity = { givenName: form.givenName.trim(), familyName: form.familyName.trim(), email: form.email.trim() }
    if (!identity.givenName) return setFormError('Enter a given name.')
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(identity.email))
      return setFormError('Enter an email address such as you@example.com.')
    continueAs(identity)
  }

  return (
    <Frame>
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {check.register ? 'Create your Vigil account' : 'Sign in to Vigil'}
          </Title>
          <Text size="sm" c="dimmed">
            This is the demo provider: no password, nothing leaves your browser.
          </Text>
        </div>
        {!check.register && (
          <Stack gap="xs" role="group" aria-label="Demo identities">
            {demoIdentities.map((identity) => (
              <Button
                key={identity.email}
                variant="default"
                justify="flex-start"
                leftSection={<IconUserCircle size={20} aria-hidden />}
                onClick={() => continueAs(identity)}
              >
                Continue as {identity.givenName} {identity.familyName}
              </Button>
            ))}
          </Stack>
        )}
        {!check.register && <Divider label="or as yourself" labelPosition="center" />}
        <Box component="form" onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Group grow>
              <TextInput
                label="Given name"
                required
                value={form.givenName}
                onChange={(event) => setForm({ ...form, givenName: event.currentTarget.value })}
              />
              <TextInput
                label="Family name"
                value={form.familyName}
                onChange={(event) => setForm({ ...form, familyName: event.currentTarget.value })}
              />
            </Group>
            <TextInput
              label="Email"
              type="email"
              required
              value={form.email}
              onChange={(event) => setForm({ ...form, email: event.currentTarget.value })}
            />
            {formError && (
              <Text c="red" size="sm" role="alert">
                {formError}
              </Text>
            )}
            <Group justify="space-between">
              <Button variant="subtle" color="gray" onClick={() => setTarget(provider.deny(params))}>
                Cancel sign-in
              </Button>
              <Button type="submit">{check.register ? 'Create account' : 'Continue'}</Button>
            </Group>
          </Stack>
        </Box>
      </Stack>
    </Frame>
  )
}

function LogoutPage({ provider, params, leave }: { provider: DemoProvider; params: URLSearchParams; leave: Leave }) {
  const [target] = useState(() => provider.logout(params))
  return <Redirecting to={target} label="Signing you out…" leave={leave} />
}

/** The demo provider's own pages: its sign-in page and its logout route. */
export function DemoProviderPages({ config, leave }: { config: VigilConfig; leave: Leave }) {
  const [provider] = useState(() => demoProviderFor(config, window.localStorage))
  const base = new URL(config.authDomain).pathname
  const page = window.location.pathname.slice(base.length)
  const params = new URLSearchParams(window.location.search)
  if (page === '/oauth2/auth') return <SignInPage provider={provider} params={params} leave={leave} />
  if (page === '/logout') return <LogoutPage provider={provider} params={params} leave={leave} />
  return (
    <Frame>
      <Text>The demo provider has no page at {window.location.pathname}.</Text>
      <Anchor href="/">Go to Vigil</Anchor>
    </Frame>
  )
}
