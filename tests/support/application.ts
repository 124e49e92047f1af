/** An application that qualifies (a finance track, the hours, ready now), as the form posts it. */
export const qualifiedAnswers = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  university: "State University",
  graduationYear: "2027",
  careerTargets: ["Banking"],
  hoursPerWeek: "yes",
  readyToEnroll: "yes",
  heardFrom: "youtube",
  challenge: "No network",
  motivation: "Markets",
};
