import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own Props; the JSON decides.
type IslandModule = { default: ComponentType<any> };

/**
 * Every island by name. Each is a lazy import, so esbuild gives it its own chunk and a page
 * downloads only the islands it renders. The name must equal the file name in src/islands/.
 */
export const islandRegistry: Record<string, () => Promise<IslandModule>> = {
  AuthForm: () => import('../islands/AuthForm'),
  AvailabilityGrid: () => import('../islands/AvailabilityGrid'),
  GrossMarginsTable: () => import('../islands/GrossMarginsTable'),
  LogoutButton: () => import('../islands/LogoutButton'),
  ManageProjectsDialog: () => import('../islands/ManageProjectsDialog'),
  ProjectPortfolio: () => import('../islands/ProjectPortfolio'),
  StoryPointsSetting: () => import('../islands/StoryPointsSetting'),
  Toaster: () => import('../islands/Toaster'),
  UsersAdmin: () => import('../islands/UsersAdmin'),
  WeeklyHistory: () => import('../islands/WeeklyHistory'),
  WeeklyHours: () => import('../islands/WeeklyHours'),
};
