import { Compass, Heart, Home, Library, ListMusic, MessageCircle, Search, Settings, TrendingUp, User } from 'lucide-react';

/** The menu of spec §2 Layout, in order; `primary` entries also make up the bottom bar on small screens. */
export const NAVIGATION = [
  { to: '/', label: 'nav.home', icon: Home, primary: true },
  { to: '/discover', label: 'nav.discover', icon: Compass, primary: true },
  { to: '/search', label: 'nav.search', icon: Search, primary: true },
  { to: '/profile/me', label: 'nav.profile', icon: User, primary: true },
  { to: '/library', label: 'nav.library', icon: Library, primary: false },
  { to: '/trending', label: 'nav.trending', icon: TrendingUp, primary: false },
  { to: '/lists', label: 'nav.lists', icon: ListMusic, primary: false },
  { to: '/messages', label: 'nav.messages', icon: MessageCircle, primary: false },
  { to: '/favorites', label: 'nav.favorites', icon: Heart, primary: false },
  { to: '/settings', label: 'nav.settings', icon: Settings, primary: false },
] as const;
