/**
 * The `bigdemo` client of the reference provider: a large, deterministic menu tree generated in memory (no JSON file
 * in demo/content/), for search benchmarks and tests.
 *
 *   root -> 8 libraries (L_BIG_...) -> 48 collections, one per body part (C_BIG_KNEE, ...)
 *        -> items directly (depth 3), or in groups G_BIG_nnn by topic category (depth 4),
 *           some of which hold sub-groups by audience (depth 5)
 *
 * Exactly BIGDEMO_ITEMS item nodes, codes A_BIG_00001 ... A_BIG_10000 numbered in tree order, each with labels in
 * en, es, de, pt and ar built from the word lists below: body part x topic (x audience, for about 65% of items) plus
 * the item number, e.g. "Knee exercise guide for runners 123" / "Guía de ejercicios de rodilla para corredores 123".
 * About 10% of the items are slide presentations (no `file`, label suffix "(slides)"); the others cycle through the
 * given media file ids. A seeded PRNG (mulberry32) makes the tree identical on every run for the same file list.
 *
 * Pure functions only: server.mjs supplies the media file ids and the source playlists, and caches the results.
 */

export const BIGDEMO_CLIENT = 'bigdemo';
export const BIGDEMO_ITEMS = 10000;
export const BIGDEMO_SEED = 0x5eed2026;
export const BIGDEMO_NAME = 'Big Demo Health Network';
const SLIDE_SHARE = 0.1;
const AUDIENCE_SHARE = 0.65;
const CODE_RE = /^A_BIG_(\d{5})$/;

/** The client configuration (no userId: the sample users' preferences would rename the practice). */
export function bigdemoConfig() {
  return {
    client: BIGDEMO_CLIENT,
    name: BIGDEMO_NAME,
    preferences: {
      practice: BIGDEMO_NAME,
      color: '#1F6F5C',
      art: 'caduceus',
      searchButton: 1,
      brochureButton: 1,
      chaptersButton: 1,
      favoritesButton: 1,
      captionsButton: 1,
    },
  };
}

/** mulberry32: a small 32-bit seeded PRNG; returns floats in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- word lists ---------------------------------------------------------------------------------
// Body parts: `en` (lower case, used inside the English phrase), `es`/`pt` with their preposition ("de rodilla",
// "do joelho"), `de` (a noun), `ar` (a definite noun, second term of an idafa: "تمارين الركبة").
const PARTS = [
  { key: 'KNEE', en: 'knee', es: 'de rodilla', de: 'Knie', pt: 'do joelho', ar: 'الركبة' },
  { key: 'HIP', en: 'hip', es: 'de cadera', de: 'Hüfte', pt: 'do quadril', ar: 'الورك' },
  { key: 'SHOULDER', en: 'shoulder', es: 'de hombro', de: 'Schulter', pt: 'do ombro', ar: 'الكتف' },
  { key: 'ELBOW', en: 'elbow', es: 'de codo', de: 'Ellenbogen', pt: 'do cotovelo', ar: 'المرفق' },
  { key: 'WRIST', en: 'wrist', es: 'de muñeca', de: 'Handgelenk', pt: 'do punho', ar: 'الرسغ' },
  { key: 'HAND', en: 'hand', es: 'de mano', de: 'Hand', pt: 'da mão', ar: 'اليد' },
  { key: 'FINGER', en: 'finger', es: 'de dedo', de: 'Finger', pt: 'do dedo', ar: 'الإصبع' },
  { key: 'ANKLE', en: 'ankle', es: 'de tobillo', de: 'Sprunggelenk', pt: 'do tornozelo', ar: 'الكاحل' },
  { key: 'FOOT', en: 'foot', es: 'de pie', de: 'Fuß', pt: 'do pé', ar: 'القدم' },
  { key: 'HEEL', en: 'heel', es: 'de talón', de: 'Ferse', pt: 'do calcanhar', ar: 'الكعب' },
  { key: 'TOE', en: 'toe', es: 'de dedo del pie', de: 'Zeh', pt: 'do dedo do pé', ar: 'إصبع القدم' },
  { key: 'LEG', en: 'leg', es: 'de pierna', de: 'Bein', pt: 'da perna', ar: 'الساق' },
  { key: 'ARM', en: 'arm', es: 'de brazo', de: 'Arm', pt: 'do braço', ar: 'الذراع' },
  { key: 'BONE', en: 'bone', es: 'de huesos', de: 'Knochen', pt: 'dos ossos', ar: 'العظام' },
  { key: 'JOINT', en: 'joint', es: 'de articulaciones', de: 'Gelenke', pt: 'das articulações', ar: 'المفاصل' },
  { key: 'MUSCLE', en: 'muscle', es: 'de músculos', de: 'Muskeln', pt: 'dos músculos', ar: 'العضلات' },
  { key: 'NECK', en: 'neck', es: 'de cuello', de: 'Nacken', pt: 'do pescoço', ar: 'الرقبة' },
  { key: 'BACK', en: 'back', es: 'de espalda', de: 'Rücken', pt: 'das costas', ar: 'الظهر' },
  { key: 'SPINE', en: 'spine', es: 'de columna', de: 'Wirbelsäule', pt: 'da coluna', ar: 'العمود الفقري' },
  { key: 'HEAD', en: 'head', es: 'de cabeza', de: 'Kopf', pt: 'da cabeça', ar: 'الرأس' },
  { key: 'BRAIN', en: 'brain', es: 'de cerebro', de: 'Gehirn', pt: 'do cérebro', ar: 'الدماغ' },
  { key: 'NERVE', en: 'nerve', es: 'de nervios', de: 'Nerven', pt: 'dos nervos', ar: 'الأعصاب' },
  { key: 'HEART', en: 'heart', es: 'de corazón', de: 'Herz', pt: 'do coração', ar: 'القلب' },
  { key: 'VEIN', en: 'vein', es: 'de venas', de: 'Venen', pt: 'das veias', ar: 'الأوردة' },
  { key: 'BLOOD', en: 'blood', es: 'de sangre', de: 'Blut', pt: 'do sangue', ar: 'الدم' },
  { key: 'CHEST', en: 'chest', es: 'de pecho', de: 'Brustkorb', pt: 'do peito', ar: 'الصدر' },
  { key: 'LUNG', en: 'lung', es: 'de pulmón', de: 'Lunge', pt: 'do pulmão', ar: 'الرئة' },
  { key: 'STOMACH', en: 'stomach', es: 'de estómago', de: 'Magen', pt: 'do estômago', ar: 'المعدة' },
  { key: 'BOWEL', en: 'bowel', es: 'de intestino', de: 'Darm', pt: 'do intestino', ar: 'الأمعاء' },
  { key: 'LIVER', en: 'liver', es: 'de hígado', de: 'Leber', pt: 'do fígado', ar: 'الكبد' },
  { key: 'PANCREAS', en: 'pancreas', es: 'de páncreas', de: 'Bauchspeicheldrüse', pt: 'do pâncreas', ar: 'البنكرياس' },
  { key: 'MOUTH', en: 'mouth', es: 'de boca', de: 'Mund', pt: 'da boca', ar: 'الفم' },
  { key: 'KIDNEY', en: 'kidney', es: 'de riñón', de: 'Niere', pt: 'do rim', ar: 'الكلى' },
  { key: 'BLADDER', en: 'bladder', es: 'de vejiga', de: 'Blase', pt: 'da bexiga', ar: 'المثانة' },
  { key: 'PROSTATE', en: 'prostate', es: 'de próstata', de: 'Prostata', pt: 'da próstata', ar: 'البروستاتا' },
  { key: 'PELVIS', en: 'pelvis', es: 'de pelvis', de: 'Becken', pt: 'da pelve', ar: 'الحوض' },
  { key: 'EYE', en: 'eye', es: 'de ojo', de: 'Auge', pt: 'do olho', ar: 'العين' },
  { key: 'EAR', en: 'ear', es: 'de oído', de: 'Ohr', pt: 'do ouvido', ar: 'الأذن' },
  { key: 'NOSE', en: 'nose', es: 'de nariz', de: 'Nase', pt: 'do nariz', ar: 'الأنف' },
  { key: 'THROAT', en: 'throat', es: 'de garganta', de: 'Hals', pt: 'da garganta', ar: 'الحلق' },
  {
    key: 'SINUS',
    en: 'sinus',
    es: 'de senos nasales',
    de: 'Nasennebenhöhlen',
    pt: 'dos seios nasais',
    ar: 'الجيوب الأنفية',
  },
  { key: 'JAW', en: 'jaw', es: 'de mandíbula', de: 'Kiefer', pt: 'da mandíbula', ar: 'الفك' },
  { key: 'SKIN', en: 'skin', es: 'de piel', de: 'Haut', pt: 'da pele', ar: 'الجلد' },
  { key: 'SCALP', en: 'scalp', es: 'de cuero cabelludo', de: 'Kopfhaut', pt: 'do couro cabeludo', ar: 'فروة الرأس' },
  { key: 'TOOTH', en: 'tooth', es: 'de dientes', de: 'Zähne', pt: 'dos dentes', ar: 'الأسنان' },
  { key: 'GUM', en: 'gum', es: 'de encías', de: 'Zahnfleisch', pt: 'da gengiva', ar: 'اللثة' },
  { key: 'THYROID', en: 'thyroid', es: 'de tiroides', de: 'Schilddrüse', pt: 'da tireoide', ar: 'الغدة الدرقية' },
  { key: 'BREAST', en: 'breast', es: 'de mama', de: 'Brust', pt: 'da mama', ar: 'الثدي' },
];

// Libraries: each holds one collection per listed body part, in this order.
const LIBRARIES = [
  {
    code: 'L_BIG_ORTHO',
    parts: ['KNEE', 'HIP', 'SHOULDER', 'ELBOW', 'WRIST', 'HAND', 'FINGER'],
    labels: { en: 'Orthopedics', es: 'Ortopedia', de: 'Orthopädie', pt: 'Ortopedia', ar: 'جراحة العظام' },
  },
  {
    code: 'L_BIG_SPORTS',
    parts: ['ANKLE', 'FOOT', 'HEEL', 'TOE', 'LEG', 'ARM'],
    labels: {
      en: 'Sports medicine',
      es: 'Medicina deportiva',
      de: 'Sportmedizin',
      pt: 'Medicina esportiva',
      ar: 'الطب الرياضي',
    },
  },
  {
    code: 'L_BIG_SPINE',
    parts: ['NECK', 'BACK', 'SPINE', 'HEAD', 'BRAIN', 'NERVE'],
    labels: {
      en: 'Spine & neurology',
      es: 'Columna y neurología',
      de: 'Wirbelsäule & Neurologie',
      pt: 'Coluna e neurologia',
      ar: 'العمود الفقري والأعصاب',
    },
  },
  {
    code: 'L_BIG_HEART',
    parts: ['HEART', 'VEIN', 'BLOOD', 'CHEST', 'LUNG'],
    labels: {
      en: 'Heart, lungs & circulation',
      es: 'Corazón, pulmones y circulación',
      de: 'Herz, Lunge & Kreislauf',
      pt: 'Coração, pulmões e circulação',
      ar: 'القلب والرئتان والدورة الدموية',
    },
  },
  {
    code: 'L_BIG_DIGEST',
    parts: ['STOMACH', 'BOWEL', 'LIVER', 'PANCREAS', 'MOUTH'],
    labels: {
      en: 'Digestive health',
      es: 'Salud digestiva',
      de: 'Verdauung',
      pt: 'Saúde digestiva',
      ar: 'صحة الجهاز الهضمي',
    },
  },
  {
    code: 'L_BIG_URO',
    parts: ['KIDNEY', 'BLADDER', 'PROSTATE', 'PELVIS', 'THYROID', 'BREAST'],
    labels: {
      en: 'Kidney, urology & hormones',
      es: 'Riñón, urología y hormonas',
      de: 'Niere, Urologie & Hormone',
      pt: 'Rim, urologia e hormônios',
      ar: 'الكلى والمسالك البولية والهرمونات',
    },
  },
  {
    code: 'L_BIG_SENSES',
    parts: ['EYE', 'EAR', 'NOSE', 'THROAT', 'SINUS', 'JAW'],
    labels: {
      en: 'Eye, ear, nose & throat',
      es: 'Ojos, oídos, nariz y garganta',
      de: 'Augen, Ohren, Nase & Hals',
      pt: 'Olhos, ouvidos, nariz e garganta',
      ar: 'العين والأذن والأنف والحنجرة',
    },
  },
  {
    code: 'L_BIG_SKIN',
    parts: ['SKIN', 'SCALP', 'TOOTH', 'GUM', 'BONE', 'JOINT', 'MUSCLE'],
    labels: {
      en: 'Skin, dental & musculoskeletal',
      es: 'Piel, dientes y aparato locomotor',
      de: 'Haut, Zähne & Bewegungsapparat',
      pt: 'Pele, dentes e aparelho locomotor',
      ar: 'الجلد والأسنان والجهاز العضلي الهيكلي',
    },
  },
];

// Topics: {p} is the body part in that language (see PARTS); six categories of six topics each.
const CATEGORIES = [
  {
    key: 'EXERCISE',
    labels: {
      en: 'Exercise & rehab',
      es: 'Ejercicio y rehabilitación',
      de: 'Bewegung & Reha',
      pt: 'Exercício e reabilitação',
      ar: 'التمارين وإعادة التأهيل',
    },
    topics: [
      {
        en: '{p} exercise guide',
        es: 'Guía de ejercicios {p}',
        de: 'Übungsanleitung',
        pt: 'Guia de exercícios {p}',
        ar: 'دليل تمارين {p}',
      },
      {
        en: '{p} stretching routine',
        es: 'Rutina de estiramientos {p}',
        de: 'Dehnübungen',
        pt: 'Rotina de alongamentos {p}',
        ar: 'تمارين إطالة {p}',
      },
      {
        en: '{p} physical therapy',
        es: 'Fisioterapia {p}',
        de: 'Physiotherapie',
        pt: 'Fisioterapia {p}',
        ar: 'العلاج الطبيعي: {p}',
      },
      {
        en: '{p} strength training',
        es: 'Entrenamiento de fuerza {p}',
        de: 'Krafttraining',
        pt: 'Treino de força {p}',
        ar: 'تقوية {p}',
      },
      {
        en: '{p} rehabilitation plan',
        es: 'Plan de rehabilitación {p}',
        de: 'Rehabilitationsplan',
        pt: 'Plano de reabilitação {p}',
        ar: 'خطة تأهيل {p}',
      },
      {
        en: 'Returning to sport after a {p} injury',
        es: 'Volver al deporte tras una lesión {p}',
        de: 'Zurück zum Sport nach einer Verletzung',
        pt: 'Voltar ao esporte após uma lesão {p}',
        ar: 'العودة إلى الرياضة بعد إصابة {p}',
      },
    ],
  },
  {
    key: 'SURGERY',
    labels: {
      en: 'Surgery & procedures',
      es: 'Cirugía y procedimientos',
      de: 'Operationen & Eingriffe',
      pt: 'Cirurgia e procedimentos',
      ar: 'الجراحة والإجراءات',
    },
    topics: [
      {
        en: '{p} surgery explained',
        es: 'Cirugía {p} explicada',
        de: 'Operation erklärt',
        pt: 'Cirurgia {p} explicada',
        ar: 'شرح جراحة {p}',
      },
      {
        en: 'Recovery after {p} surgery',
        es: 'Recuperación tras la cirugía {p}',
        de: 'Genesung nach der Operation',
        pt: 'Recuperação após a cirurgia {p}',
        ar: 'التعافي بعد جراحة {p}',
      },
      {
        en: 'Preparing for your {p} procedure',
        es: 'Preparación para el procedimiento {p}',
        de: 'Vorbereitung auf den Eingriff',
        pt: 'Preparação para o procedimento {p}',
        ar: 'الاستعداد لإجراء {p}',
      },
      {
        en: '{p} injections explained',
        es: 'Inyecciones {p} explicadas',
        de: 'Injektionen erklärt',
        pt: 'Injeções {p} explicadas',
        ar: 'شرح حقن {p}',
      },
      {
        en: 'Anesthesia for {p} procedures',
        es: 'Anestesia para procedimientos {p}',
        de: 'Narkose bei Eingriffen',
        pt: 'Anestesia para procedimentos {p}',
        ar: 'التخدير في إجراءات {p}',
      },
      {
        en: 'Going home after {p} treatment',
        es: 'Volver a casa tras el tratamiento {p}',
        de: 'Nach der Behandlung wieder zu Hause',
        pt: 'Voltar para casa após o tratamento {p}',
        ar: 'العودة إلى المنزل بعد علاج {p}',
      },
    ],
  },
  {
    key: 'SYMPTOMS',
    labels: {
      en: 'Symptoms & pain',
      es: 'Síntomas y dolor',
      de: 'Symptome & Schmerzen',
      pt: 'Sintomas e dor',
      ar: 'الأعراض والألم',
    },
    topics: [
      {
        en: '{p} pain relief',
        es: 'Alivio del dolor {p}',
        de: 'Schmerzlinderung',
        pt: 'Alívio da dor {p}',
        ar: 'تخفيف ألم {p}',
      },
      {
        en: '{p} swelling and bruising',
        es: 'Hinchazón y moretones {p}',
        de: 'Schwellung und Blutergüsse',
        pt: 'Inchaço e hematomas {p}',
        ar: 'تورم وكدمات {p}',
      },
      {
        en: '{p} symptoms explained',
        es: 'Síntomas {p} explicados',
        de: 'Symptome erklärt',
        pt: 'Sintomas {p} explicados',
        ar: 'شرح أعراض {p}',
      },
      { en: '{p} inflammation', es: 'Inflamación {p}', de: 'Entzündung', pt: 'Inflamação {p}', ar: 'التهاب {p}' },
      {
        en: '{p} discomfort at night',
        es: 'Molestias {p} por la noche',
        de: 'Nächtliche Beschwerden',
        pt: 'Desconforto {p} à noite',
        ar: 'انزعاج {p} ليلاً',
      },
      {
        en: '{p} infection warning signs',
        es: 'Señales de alarma de infección {p}',
        de: 'Warnzeichen einer Infektion',
        pt: 'Sinais de alerta de infecção {p}',
        ar: 'علامات التحذير من عدوى {p}',
      },
    ],
  },
  {
    key: 'TESTS',
    labels: {
      en: 'Tests & diagnosis',
      es: 'Pruebas y diagnóstico',
      de: 'Untersuchungen & Diagnose',
      pt: 'Exames e diagnóstico',
      ar: 'الفحوصات والتشخيص',
    },
    topics: [
      {
        en: 'Understanding your {p} diagnosis',
        es: 'Entender su diagnóstico {p}',
        de: 'Die Diagnose verstehen',
        pt: 'Entender o seu diagnóstico {p}',
        ar: 'فهم تشخيص {p}',
      },
      {
        en: '{p} check-up checklist',
        es: 'Lista para la revisión {p}',
        de: 'Checkliste zur Kontrolluntersuchung',
        pt: 'Lista para a consulta de revisão {p}',
        ar: 'قائمة مراجعة فحص {p}',
      },
      {
        en: '{p} screening test',
        es: 'Prueba de detección {p}',
        de: 'Vorsorgeuntersuchung',
        pt: 'Exame de rastreamento {p}',
        ar: 'فحص الكشف المبكر عن أمراض {p}',
      },
      {
        en: '{p} lab tests and results',
        es: 'Análisis y resultados {p}',
        de: 'Laborwerte und Befunde',
        pt: 'Exames laboratoriais e resultados {p}',
        ar: 'التحاليل المخبرية ونتائج {p}',
      },
      {
        en: '{p} self-check',
        es: 'Autoexamen {p}',
        de: 'Selbstuntersuchung',
        pt: 'Autoexame {p}',
        ar: 'فحص ذاتي: {p}',
      },
      {
        en: '{p} imaging: X-ray and MRI',
        es: 'Imágenes {p}: radiografía y resonancia',
        de: 'Bildgebung mit Röntgen und MRT',
        pt: 'Imagens {p}: raio X e ressonância',
        ar: 'تصوير {p}: الأشعة السينية والرنين المغناطيسي',
      },
    ],
  },
  {
    key: 'EVERYDAY',
    labels: {
      en: 'Everyday care',
      es: 'Cuidado diario',
      de: 'Alltag & Pflege',
      pt: 'Cuidados diários',
      ar: 'الرعاية اليومية',
    },
    topics: [
      { en: 'Looking after your {p}', es: 'Cuidado {p}', de: 'Pflege', pt: 'Cuidados {p}', ar: 'رعاية {p}' },
      {
        en: '{p} nutrition tips',
        es: 'Consejos de nutrición para la salud {p}',
        de: 'Ernährungstipps',
        pt: 'Dicas de nutrição para a saúde {p}',
        ar: 'نصائح غذائية لصحة {p}',
      },
      {
        en: '{p} wound dressing',
        es: 'Curación de heridas {p}',
        de: 'Wundversorgung',
        pt: 'Curativos de feridas {p}',
        ar: 'تضميد جروح {p}',
      },
      {
        en: 'Daily {p} routine',
        es: 'Rutina diaria {p}',
        de: 'Tägliche Routine',
        pt: 'Rotina diária {p}',
        ar: 'الروتين اليومي لصحة {p}',
      },
      {
        en: 'Preventing {p} problems',
        es: 'Prevención de problemas {p}',
        de: 'Vorbeugung',
        pt: 'Prevenção de problemas {p}',
        ar: 'الوقاية من مشاكل {p}',
      },
      {
        en: '{p} first aid',
        es: 'Primeros auxilios {p}',
        de: 'Erste Hilfe',
        pt: 'Primeiros socorros {p}',
        ar: 'إسعافات أولية: {p}',
      },
    ],
  },
  {
    key: 'LIVING',
    labels: { en: 'Living well', es: 'Vivir bien', de: 'Gut leben', pt: 'Viver bem', ar: 'العيش بصحة' },
    topics: [
      {
        en: '{p} injury basics',
        es: 'Lesiones {p}: lo básico',
        de: 'Verletzungen: Grundlagen',
        pt: 'Lesões {p}: o básico',
        ar: 'أساسيات إصابات {p}',
      },
      {
        en: '{p} medication guide',
        es: 'Guía de medicamentos {p}',
        de: 'Medikamentenratgeber',
        pt: 'Guia de medicamentos {p}',
        ar: 'دليل أدوية {p}',
      },
      {
        en: 'Living with chronic {p} problems',
        es: 'Vivir con problemas crónicos {p}',
        de: 'Leben mit chronischen Beschwerden',
        pt: 'Viver com problemas crônicos {p}',
        ar: 'التعايش مع مشاكل {p} المزمنة',
      },
      {
        en: 'When to call your doctor about your {p}',
        es: 'Cuándo llamar al médico por problemas {p}',
        de: 'Wann Sie den Arzt anrufen sollten',
        pt: 'Quando ligar para o médico por problemas {p}',
        ar: 'متى تتصل بالطبيب بشأن {p}',
      },
      {
        en: '{p} questions for your clinician',
        es: 'Preguntas sobre la salud {p} para su médico',
        de: 'Fragen an Ihr Behandlungsteam',
        pt: 'Perguntas sobre a saúde {p} para o seu médico',
        ar: 'أسئلة عن {p} لطبيبك',
      },
      {
        en: '{p} brace and support options',
        es: 'Férulas y soportes {p}',
        de: 'Bandagen und Stützen',
        pt: 'Órteses e suportes {p}',
        ar: 'دعامات ومساند {p}',
      },
    ],
  },
];

// Audiences: the label's optional tail; four buckets of six, the sub-groups' themes.
const AUDIENCE_BUCKETS = [
  {
    key: 'FAMILY',
    labels: {
      en: 'Children & families',
      es: 'Niños y familias',
      de: 'Kinder & Familien',
      pt: 'Crianças e famílias',
      ar: 'الأطفال والعائلات',
    },
    audiences: [
      { en: 'for children', es: 'para niños', de: 'für Kinder', pt: 'para crianças', ar: 'للأطفال' },
      { en: 'for teens', es: 'para adolescentes', de: 'für Jugendliche', pt: 'para adolescentes', ar: 'للمراهقين' },
      {
        en: 'for new parents',
        es: 'para padres primerizos',
        de: 'für junge Eltern',
        pt: 'para pais de primeira viagem',
        ar: 'للآباء الجدد',
      },
      { en: 'for pregnant women', es: 'para embarazadas', de: 'für Schwangere', pt: 'para gestantes', ar: 'للحوامل' },
      { en: 'for families', es: 'para familias', de: 'für Familien', pt: 'para famílias', ar: 'للعائلات' },
      { en: 'for students', es: 'para estudiantes', de: 'für Studierende', pt: 'para estudantes', ar: 'للطلاب' },
    ],
  },
  {
    key: 'OLDER',
    labels: {
      en: 'Older adults & caregivers',
      es: 'Personas mayores y cuidadores',
      de: 'Senioren & Angehörige',
      pt: 'Idosos e cuidadores',
      ar: 'كبار السن ومقدمو الرعاية',
    },
    audiences: [
      { en: 'for seniors', es: 'para personas mayores', de: 'für Senioren', pt: 'para idosos', ar: 'لكبار السن' },
      {
        en: 'for caregivers',
        es: 'para cuidadores',
        de: 'für pflegende Angehörige',
        pt: 'para cuidadores',
        ar: 'لمقدمي الرعاية',
      },
      { en: 'for veterans', es: 'para veteranos', de: 'für Veteranen', pt: 'para veteranos', ar: 'للمحاربين القدامى' },
      {
        en: 'for wheelchair users',
        es: 'para usuarios de silla de ruedas',
        de: 'für Rollstuhlfahrer',
        pt: 'para usuários de cadeira de rodas',
        ar: 'لمستخدمي الكراسي المتحركة',
      },
      { en: 'for nurses', es: 'para enfermeras', de: 'für Pflegekräfte', pt: 'para enfermeiros', ar: 'للممرضين' },
      {
        en: 'for first-time patients',
        es: 'para pacientes nuevos',
        de: 'für neue Patienten',
        pt: 'para novos pacientes',
        ar: 'للمرضى الجدد',
      },
    ],
  },
  {
    key: 'ACTIVE',
    labels: {
      en: 'Active lifestyles',
      es: 'Vida activa',
      de: 'Aktiv leben',
      pt: 'Vida ativa',
      ar: 'أنماط الحياة النشطة',
    },
    audiences: [
      { en: 'for athletes', es: 'para deportistas', de: 'für Sportler', pt: 'para atletas', ar: 'للرياضيين' },
      { en: 'for runners', es: 'para corredores', de: 'für Läufer', pt: 'para corredores', ar: 'للعدائين' },
      { en: 'for dancers', es: 'para bailarines', de: 'für Tänzer', pt: 'para bailarinos', ar: 'للراقصين' },
      { en: 'for gardeners', es: 'para jardineros', de: 'für Gärtner', pt: 'para jardineiros', ar: 'للبستانيين' },
      { en: 'for travelers', es: 'para viajeros', de: 'für Reisende', pt: 'para viajantes', ar: 'للمسافرين' },
      { en: 'for musicians', es: 'para músicos', de: 'für Musiker', pt: 'para músicos', ar: 'للموسيقيين' },
    ],
  },
  {
    key: 'WORK',
    labels: {
      en: 'Adults at work',
      es: 'Adultos en el trabajo',
      de: 'Erwachsene im Beruf',
      pt: 'Adultos no trabalho',
      ar: 'البالغون في العمل',
    },
    audiences: [
      { en: 'for adults', es: 'para adultos', de: 'für Erwachsene', pt: 'para adultos', ar: 'للبالغين' },
      {
        en: 'for office workers',
        es: 'para oficinistas',
        de: 'für Büroangestellte',
        pt: 'para trabalhadores de escritório',
        ar: 'لموظفي المكاتب',
      },
      { en: 'for tradespeople', es: 'para obreros', de: 'für Handwerker', pt: 'para operários', ar: 'للعمال اليدويين' },
      {
        en: 'for night-shift staff',
        es: 'para personal de turno de noche',
        de: 'für Nachtschichtarbeiter',
        pt: 'para profissionais do turno da noite',
        ar: 'لموظفي المناوبات الليلية',
      },
      { en: 'for smokers', es: 'para fumadores', de: 'für Raucher', pt: 'para fumantes', ar: 'للمدخنين' },
      {
        en: 'for people with diabetes',
        es: 'para personas con diabetes',
        de: 'für Menschen mit Diabetes',
        pt: 'para pessoas com diabetes',
        ar: 'لمرضى السكري',
      },
    ],
  },
];

const LANGS = ['en', 'es', 'de', 'pt', 'ar'];
const SLIDES_SUFFIX = { en: '(slides)', es: '(diapositivas)', de: '(Folien)', pt: '(slides)', ar: '(شرائح)' };
const ROOT_LABELS = {
  en: 'All topics',
  es: 'Todos los temas',
  de: 'Alle Themen',
  pt: 'Todos os temas',
  ar: 'جميع المواضيع',
};
const TOPICS = CATEGORIES.flatMap((c) => c.topics);
const AUDIENCES = AUDIENCE_BUCKETS.flatMap((b) => b.audiences);
const PART_BY_KEY = new Map(PARTS.map((p) => [p.key, p]));

const capitalize = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Collection label: "Knee topics" / "Temas de rodilla" / "Knie – Themen" / "Temas do joelho" / "موضوعات الركبة". */
function collectionLabels(part) {
  return {
    en: `${capitalize(part.en)} topics`,
    es: `Temas ${part.es}`,
    de: `${part.de} – Themen`,
    pt: `Temas ${part.pt}`,
    ar: `موضوعات ${part.ar}`,
  };
}

/** An item's labels in every language: body part x topic (x audience) + number (+ slides suffix). */
function itemLabels(part, topic, audience, n, slides) {
  const out = {};
  for (const lang of LANGS) {
    // German topics are plain nouns: "Knie: Übungsanleitung für Läufer 123"
    let text = lang === 'de' ? `${part.de}: ${topic.de}` : topic[lang].replace('{p}', part[lang]);
    if (audience) text += ` ${audience[lang]}`;
    text += ` ${n}`;
    if (slides) text += ` ${SLIDES_SUFFIX[lang]}`;
    out[lang] = capitalize(text);
  }
  return out;
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const pad = (n, width) => String(n).padStart(width, '0');

/**
 * Builds the profile tree. `files`: the media file ids to cycle through (sorted by the caller); with none, every
 * item is a presentation. Returns { tree, items: Map(code -> item node) }.
 */
export function buildBigdemo(files = []) {
  const rng = mulberry32(BIGDEMO_SEED);
  let groupSeq = 0;

  // 1. The container skeleton. Holders are the containers that receive items, with a weight each.
  const holders = [];
  const root = { code: 'root', layer: 'root', labels: { ...ROOT_LABELS }, children: [] };
  for (const lib of LIBRARIES) {
    const library = { code: lib.code, layer: 'library', labels: { ...lib.labels }, children: [] };
    root.children.push(library);
    for (const key of lib.parts) {
      const part = PART_BY_KEY.get(key);
      const collection = { code: `C_BIG_${key}`, layer: 'collection', labels: collectionLabels(part), children: [] };
      library.children.push(collection);
      // 0 to 3 groups by topic category; a collection without groups holds all its items itself.
      const r = rng();
      const groupCount = r < 0.25 ? 0 : r < 0.5 ? 1 : r < 0.8 ? 2 : 3;
      const cats = [...CATEGORIES]; // picked below without repeats
      const chosen = [];
      for (let g = 0; g < groupCount; g++) chosen.push(cats.splice(Math.floor(rng() * cats.length), 1)[0]);
      const direct = { node: collection, part, weight: groupCount === 0 ? 1 : 0.35 + rng() * 0.3 };
      const groups = [];
      for (const cat of chosen) {
        const group = { code: `G_BIG_${pad(++groupSeq, 3)}`, layer: 'group', labels: { ...cat.labels }, children: [] };
        const subs = [];
        // some groups split further by audience: items at depth 5
        if (rng() < 0.4) {
          const buckets = [...AUDIENCE_BUCKETS];
          const subCount = 1 + Math.floor(rng() * 2);
          for (let s = 0; s < subCount; s++) {
            const bucket = buckets.splice(Math.floor(rng() * buckets.length), 1)[0];
            const sub = {
              code: `G_BIG_${pad(++groupSeq, 3)}`,
              layer: 'group',
              labels: { ...bucket.labels },
              children: [],
            };
            subs.push({ node: sub, part, category: cat, bucket, weight: 0.15 + rng() * 0.2 });
          }
        }
        groups.push({ node: group, part, category: cat, weight: 0.25 + rng() * 0.35, subs });
      }
      // Tree order: the collection's own items first, then its groups (each: own items, then sub-groups).
      holders.push(direct);
      for (const g of groups) {
        holders.push(g);
        for (const s of g.subs) holders.push(s);
      }
      direct.groups = groups;
    }
  }

  // 2. Share BIGDEMO_ITEMS among the holders by weight (largest remainders first, ties in tree order); each >= 1.
  const total = holders.reduce((s, h) => s + h.weight, 0);
  const spare = BIGDEMO_ITEMS - holders.length;
  let given = 0;
  for (const h of holders) {
    const exact = (spare * h.weight) / total;
    h.count = 1 + Math.floor(exact);
    h.rest = exact - Math.floor(exact);
    given += h.count;
  }
  const byRest = holders.map((h, i) => [h.rest, i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; k < BIGDEMO_ITEMS - given; k++) holders[byRest[k][1]].count += 1;

  // 3. Items, numbered in tree order.
  const items = new Map();
  let n = 0;
  let fileIndex = 0;
  const fill = (holder) => {
    for (let i = 0; i < holder.count; i++) {
      n += 1;
      const part = rng() < 0.9 ? holder.part : pick(rng, PARTS);
      const topic = pick(rng, holder.category ? holder.category.topics : TOPICS);
      const audience = holder.bucket
        ? pick(rng, holder.bucket.audiences)
        : rng() < AUDIENCE_SHARE
          ? pick(rng, AUDIENCES)
          : undefined;
      const slides = files.length === 0 || rng() < SLIDE_SHARE;
      const code = `A_BIG_${pad(n, 5)}`;
      const node = { code, layer: 'item' };
      if (!slides) node.file = files[fileIndex++ % files.length];
      node.labels = itemLabels(part, topic, audience, n, slides);
      holder.node.children.push(node);
      items.set(code, node);
    }
  };
  for (const h of holders) {
    if (!h.groups) continue; // collections drive the order
    fill(h);
    for (const g of h.groups) {
      h.node.children.push(g.node);
      fill(g);
      for (const s of g.subs) {
        g.node.children.push(s.node);
        fill(s);
      }
    }
  }
  return { tree: root, items };
}

/** The item number of an A_BIG code, or undefined when it is not one of this client's codes. */
export function bigdemoNumber(code) {
  const m = CODE_RE.exec(code);
  const n = m ? Number(m[1]) : NaN;
  return n >= 1 && n <= BIGDEMO_ITEMS ? n : undefined;
}

/**
 * The playlist of a bigdemo item, derived from a source playlist (raw, as stored): the source's item(s) for the
 * node's file (all items for a presentation source), with the node's code and labels, and the practice renamed.
 * A source reduced to fewer items becomes a single-language playlist.
 */
export function deriveBigdemoPlaylist(node, source, sourcePractice) {
  const out = structuredClone(source);
  const rename = (s) => (typeof s === 'string' && sourcePractice ? s.split(sourcePractice).join(BIGDEMO_NAME) : s);
  const all = Array.isArray(out.items) ? out.items : [];
  const kept = node.file ? all.filter((it) => it.file === node.file) : all;
  if (kept.length < all.length && out.flags) out.flags = { ...out.flags, lang_type: 'single' };
  out.items = kept;
  out.code = node.code;
  out.labels = { ...node.labels };
  out.label = node.labels.en;
  out.provider = BIGDEMO_NAME;
  out.copyright = rename(out.copyright);
  if (kept.length === 1) {
    kept[0].labels = { ...node.labels };
    kept[0].label = node.labels.en;
  }
  for (const it of kept) it.copyright = rename(it.copyright);
  return out;
}

// ---- bigcollection: one collection of 19,998 items ---------------------------------------------

/**
 * The `bigcollection` client: what a careless (or hostile) provider can send inside every limit of the player, a
 * root holding one collection `C_BIGC_ALL` of BIGCOLLECTION_ITEMS items, 20,000 nodes in all (the player's cap), about
 * 3 MB of JSON. Each item has its own file id (`bigc-00001`, ...), so each card asks for its own thumbnail: none of
 * them exists (the provider answers 404 and the card shows its fallback tile), and the items do not play (their
 * playlists are not found). For the large-collection tests and bench (test/large-collection.test.ts,
 * demo/bench-collection.html).
 */
export const BIGCOLLECTION_CLIENT = 'bigcollection';
export const BIGCOLLECTION_ITEMS = 19998;
export const BIGCOLLECTION_CODE = 'C_BIGC_ALL';
const BIGCOLLECTION_NAME = 'Big Collection Clinic';

export function bigcollectionConfig() {
  return {
    client: BIGCOLLECTION_CLIENT,
    name: BIGCOLLECTION_NAME,
    preferences: { practice: BIGCOLLECTION_NAME, color: '#6B3FA0', searchButton: 1, favoritesButton: 1 },
  };
}

/** The tree (labels in en and es: every language would pass the 5 MB answer limit). Deterministic. */
export function buildBigcollection() {
  const rng = mulberry32(BIGDEMO_SEED ^ 0xc011);
  const children = [];
  for (let n = 1; n <= BIGCOLLECTION_ITEMS; n++) {
    const part = pick(rng, PARTS);
    const topic = pick(rng, TOPICS);
    const labels = itemLabels(part, topic, undefined, n, false);
    children.push({
      code: `A_BIGC_${pad(n, 5)}`,
      layer: 'item',
      file: `bigc-${pad(n, 5)}`,
      labels: { en: labels.en, es: labels.es },
    });
  }
  const collection = {
    code: BIGCOLLECTION_CODE,
    layer: 'collection',
    labels: { en: 'Every topic', es: 'Todos los temas' },
    children,
  };
  return { code: 'root', layer: 'root', labels: { en: ROOT_LABELS.en, es: ROOT_LABELS.es }, children: [collection] };
}
