export * from '@/shared/recordPaths';
