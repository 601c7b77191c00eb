import type { ComponentType } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: each island has its own Props; the JSON decides.
type IslandModule = { default: ComponentType<any> };

/**
 * Every island by name. Each is a lazy import, so esbuild gives it its own chunk and a page
 * downloads only the islands it renders. The name must equal the file name in src/islands/.
 */
export const islandRegistry: Record<string, () => Promise<IslandModule>> = {
  AlertBell: () => import('../islands/AlertBell'),
  AlertSettings: () => import('../islands/AlertSettings'),
  AlertsList: () => import('../islands/AlertsList'),
  AvailabilityGrid: () => import('../islands/AvailabilityGrid'),
  CapacityDemand: () => import('../islands/CapacityDemand'),
  CommandPalette: () => import('../islands/CommandPalette'),
  DealPlan: () => import('../islands/DealPlan'),
  CostPerPoint: () => import('../islands/CostPerPoint'),
  DigestToggle: () => import('../islands/DigestToggle'),
  FreshnessLine: () => import('../islands/FreshnessLine'),
  GrossMarginsTable: () => import('../islands/GrossMarginsTable'),
  LiveUpdates: () => import('../islands/LiveUpdates'),
  LogoutButton: () => import('../islands/LogoutButton'),
  ManageProjectsDialog: () => import('../islands/ManageProjectsDialog'),
  PasswordForm: () => import('../islands/PasswordForm'),
  PortfolioCards: () => import('../islands/PortfolioCards'),
  ProjectDetails: () => import('../islands/ProjectDetails'),
  RoleMixSettings: () => import('../islands/RoleMixSettings'),
  Roster: () => import('../islands/Roster'),
  ShareLinks: () => import('../islands/ShareLinks'),
  StoryPointsSetting: () => import('../islands/StoryPointsSetting'),
  SyncButton: () => import('../islands/SyncButton'),
  SyncPanel: () => import('../islands/SyncPanel'),
  TeamSelector: () => import('../islands/TeamSelector'),
  ThemeToggle: () => import('../islands/ThemeToggle'),
  TopMenu: () => import('../islands/TopMenu'),
  Toaster: () => import('../islands/Toaster'),
  Trends: () => import('../islands/Trends'),
  UsersAdmin: () => import('../islands/UsersAdmin'),
  UtilisationTargets: () => import('../islands/UtilisationTargets'),
  WeeklyHistory: () => import('../islands/WeeklyHistory'),
  WeeklyHours: () => import('../islands/WeeklyHours'),
};
