import "server-only";
import { errorText, logger } from "@/lib/log";

// Long-running work started with the server (offer expiry, chain watchers). Each job persists
// its own cursor in the database, so a restart resumes where it stopped.

export type StopJob = () => Promise<void> | void;
export type BackgroundJob = { name: string; start: () => Promise<StopJob> | StopJob };

const jobs: BackgroundJob[] = [];

export function registerBackgroundJob(job: BackgroundJob): void {
  jobs.push(job);
}

export async function startBackgroundJobs(): Promise<StopJob> {
  const stops: StopJob[] = [];
  for (const job of jobs) {
    try {
      stops.push(await job.start());
    } catch (error) {
      logger("background").error(`${job.name} did not start: ${errorText(error)}`);
    }
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
