import '@mantine/core/styles.css'
import { ActionIcon, AppShell, Divider, Drawer, Group, rem, Tooltip } from '@mantine/core'
import { IconLayoutSidebar } from '@tabler/icons-react'
import { useEffect, useLayoutEffect, useMemo } from 'react'
import { ImportDialog } from '@/screens/data-sources'
import { displayName } from '@/auth/claims'
import { useAuth, useTokenBinding, useTokenGetter } from '@/state/auth'
import { FeedSyncProvider } from '@/state/feed'
import { ImportProvider } from '@/state/import'
import { TriageProvider } from '@/state/triage'
import { DataSourceProvider } from '@/state/data-source'
import { WorkspaceProvider } from '@/state/workspace'
import { followOtherTabsChoice, initialDataSourceChoice, rememberDataSourceChoice } from '@/state/data-source-choice'
import { AppRoutes } from '@/app/routes'
import { screenLoaders } from '@/app/route-table'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@/state/mantine-theme'
import { AppBreadcrumbs } from './app-breadcrumbs'
import { DataMenu } from './data-menu'
import { SidebarContent } from './sidebar-content'
import { SidebarProvider, useSidebar } from '@/state/sidebar'
import { whenIdle } from '@/lib/when-idle'
import { MantineFollowingTheme } from '@/state/theme-mantine'

/** Sidebar widths (expanded, icon mode, the mobile sheet), and the sheet's slide timings on mobile. */
const SIDEBAR_WIDTH = '16rem'
const SIDEBAR_WIDTH_ICON = '3rem'
const SIDEBAR_WIDTH_MOBILE = '18rem'
const SHEET_OPEN_MS = 500
const SHEET_CLOSE_MS = 300
const HEADER_HEIGHT = 56

/**
 * The fixed header covers the window's top: the page says so (scroll-padding-top), so that what
 * the browser or a table's keys scroll into view stops below it.
 */
function useHeaderScrollPadding() {
  useLayoutEffect(() => {
    const root = document.documentElement
    root.style.scrollPaddingTop = rem(HEADER_HEIGHT)
    return () => {
      root.style.removeProperty('scroll-padding-top')
    }
  }, [])
}

function Shell() {
  const { isMobile, expanded, mobileOpen, toggle, setMobileOpen } = useSidebar()
  const iconMode = !isMobile && !expanded
  useHeaderScrollPadding()
  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: iconMode ? SIDEBAR_WIDTH_ICON : SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="lg"
    >
      <AppShell.Navbar aria-label="Sidebar" data-state={expanded ? 'expanded' : 'collapsed'} data-testid="sidebar">
        <SidebarContent iconMode={iconMode} />
      </AppShell.Navbar>
      {/* Only on a phone: a closed Drawer still listens to every keydown of the page. */}
      {isMobile && (
        <Drawer
          opened={mobileOpen}
          onClose={() => setMobileOpen(false)}
          position="left"
          size={SIDEBAR_WIDTH_MOBILE}
          title="Navigation"
          transitionProps={{ transition: 'slide-right', duration: SHEET_OPEN_MS, exitDuration: SHEET_CLOSE_MS }}
          styles={{ body: { display: 'flex', flexDirection: 'column', height: 'calc(100% - 60px)', padding: 0 } }}
        >
          <SidebarContent />
        </Drawer>
      )}
      <AppShell.Header px="md">
        <Tooltip.Group openDelay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
          <Group h="100%" gap="sm" wrap="nowrap">
            <Tooltip label="Toggle sidebar (Ctrl+B)">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={toggle}
                aria-label="Toggle sidebar"
                aria-expanded={isMobile ? mobileOpen : expanded}
              >
                <IconLayoutSidebar size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Divider orientation="vertical" my="md" />
            <AppBreadcrumbs />
            <Group ml="auto">
              <DataMenu />
            </Group>
          </Group>
        </Tooltip.Group>
      </AppShell.Header>
      <AppShell.Main>
        <Tooltip.Group openDelay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
          <AppRoutes />
        </Tooltip.Group>
      </AppShell.Main>
    </AppShell>
  )
}

/** The signed-in layout: sidebar, header with breadcrumbs, routed content. */
/** Loads the other screens once the browser has nothing else to do. */
function usePrefetchScreensWhenIdle() {
  useEffect(() => {
    // One screen per idle period, and only when idle: never in the way of typing or scrolling.
    const pending = [...screenLoaders]
    let cancel = () => {}
    let stopped = false
    const next = () => {
      const load = pending.shift()
      if (!load || stopped) return
      void load()
        .catch(() => undefined)
        .then(() => {
          cancel = whenIdle(next)
        })
    }
    cancel = whenIdle(next)
    return () => {
      stopped = true
      cancel()
    }
  }, [])
}

export function AppLayout() {
  usePrefetchScreensWhenIdle()
  const { user } = useAuth()
  const getToken = useTokenGetter()
  const tokensBound = useTokenBinding()
  const issuer = user?.issuer ?? ''
  const subject = user?.id
  // One workspace per identity; the object changes only when the identity does.
  const identity = useMemo(() => (subject ? { issuer, subject } : undefined), [issuer, subject])
  const author = useMemo(
    () => (user && subject ? { name: displayName(user), issuer, subject } : undefined),
    [user, issuer, subject],
  )
  return (
    <MantineFollowingTheme>
      <WorkspaceProvider identity={identity}>
        <DataSourceProvider
          initialChoice={initialDataSourceChoice(window.location.search)}
          onChoose={rememberDataSourceChoice}
          followOtherTabs={followOtherTabsChoice}
        >
          <ImportProvider dialog={<ImportDialog />} author={author}>
            <FeedSyncProvider getToken={getToken} tokensBound={tokensBound}>
              <TriageProvider author={author}>
                <SidebarProvider>
                  <Shell />
                </SidebarProvider>
              </TriageProvider>
            </FeedSyncProvider>
          </ImportProvider>
        </DataSourceProvider>
      </WorkspaceProvider>
    </MantineFollowingTheme>
  )
}
