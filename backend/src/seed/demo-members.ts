/**
 * The demo community's members. Every one is labelled "(demo)" in its display name so nobody takes
 * seed data for real people; all share DEMO_PASSWORD (printed in the README and the start-up log).
 */
export const DEMO_PASSWORD = 'Demo#Ummah2026';

export const DEMO_MEMBERS: readonly { username: string; displayName: string }[] = [
  { username: 'amina_demo', displayName: 'Amina Yusuf (demo)' },
  { username: 'yusuf_demo', displayName: 'Yusuf Rahman (demo)' },
  { username: 'fatima_demo', displayName: 'Fatima Zahra (demo)' },
  { username: 'omar_demo', displayName: 'Omar Farouk (demo)' },
  { username: 'khadija_demo', displayName: 'Khadija Noor (demo)' },
  { username: 'ibrahim_demo', displayName: 'Ibrahim Musa (demo)' },
  { username: 'maryam_demo', displayName: 'Maryam Hassan (demo)' },
  { username: 'bilal_demo', displayName: 'Bilal Ahmed (demo)' },
  { username: 'aisha_demo', displayName: 'Aisha Karim (demo)' },
  { username: 'hamza_demo', displayName: 'Hamza Ali (demo)' },
  { username: 'zainab_demo', displayName: 'زينب عبد الله (demo)' },
  { username: 'abdullah_demo', displayName: 'عبد الله سالم (demo)' },
  { username: 'hafsa_demo', displayName: 'Hafsa Omar (demo)' },
  { username: 'idris_demo', displayName: 'Idris Kamau (demo)' },
  { username: 'ruqayya_demo', displayName: 'Ruqayya Wanjiru (demo)' },
  { username: 'salim_demo', displayName: 'Salim Otieno (demo)' },
  { username: 'sumayya_demo', displayName: 'Sumayya Adan (demo)' },
  { username: 'tariq_demo', displayName: 'Tariq Jamal (demo)' },
  { username: 'layla_demo', displayName: 'ليلى حسن (demo)' },
  { username: 'musa_demo', displayName: 'Musa Abdi (demo)' },
];
