import { servedBy, type ClusterDrill } from "../../lib/cluster";
import { raceForSeats, seatRaceDetails, seatRaceSummary } from "../seat-race";

/** i. Drill c's seat race over the three instances through nginx. */
export const seatsOverInstances: ClusterDrill = {
  name: "i. 200 buyers for 10 seats through nginx and 3 instances",
  async run(cluster) {
    const before = servedBy(cluster.instances, "POST", "/enroll");
    const o = await raceForSeats(
      cluster.url,
      cluster.url,
      cluster.fake,
      cluster.inspect.db,
      cluster.sessionSecret,
    );
    const perInstance = servedBy(cluster.instances, "POST", "/enroll").map(
      (n, i) => n - before[i]!,
    );
    const pass =
      o.checkouts === o.seats &&
      o.paymentsPaid === o.seats &&
      o.cohortEnrolledCount === o.seats &&
      o.peopleEnrolled === o.seats &&
      o.checkouts + o.full + o.held === o.buyers &&
      o.webhookAnswered200 === o.webhookDeliveries;
    return {
      pass,
      summary: `${seatRaceSummary(o)}; posts per instance ${perInstance.join("/")}`,
      details: { ...seatRaceDetails(o), perInstance: perInstance.join("/") },
    };
  },
};
