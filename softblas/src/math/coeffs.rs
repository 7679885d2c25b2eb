//! Polynomial coefficient tables of `/lib/math` (`urbit/numerics:libmath/desk/lib/math.hoon`
//! @a71a0b9), as bit patterns, constant term first.
//!
//! Every Horner evaluation runs from the last entry down to the first (the Hoon
//! `roll`s over the `flop`ped list). The values were extracted from the Hoon source
//! by a script and checked against `math.hoon@a71a0b9` by the golden vectors.

/// `rs` `++exp` polynomial P(r), c0..c6.
pub(crate) const RS_EXP: [u128; 7] = [
    0x3f800000, 0x3f800000, 0x3f000000, 0x3e2aaa02, 0x3d2aaa56, 0x3c0937d3, 0x3ab6ba99,
];

/// `rd` `++exp` polynomial P(r), c0..c11.
pub(crate) const RD_EXP: [u128; 12] = [
    0x3ff00000_00000000,
    0x3ff00000_00000000,
    0x3fe00000_00000011,
    0x3fc55555_5555555a,
    0x3fa55555_5554f0cf,
    0x3f811111_1110f225,
    0x3f56c16c_187fbe02,
    0x3f2a01a0_1b14378f,
    0x3efa0199_1ac8730a,
    0x3ec71ddf_5749d126,
    0x3e928b40_57f44145,
    0x3e5af631_d0059bec,
];

/// `rh` `++exp` polynomial P(r), c0..c4.
pub(crate) const RH_EXP: [u128; 5] = [0x3c00, 0x3c00, 0x3800, 0x3160, 0x295c];

/// `rq` `++exp` even polynomial P(t), t = r², P0..P10.
pub(crate) const RQ_EXP: [u128; 11] = [
    0x3ffc5555_55555555_55555555_55555555,
    0xbff66c16_c16c16c1_6c16c16c_16c09e83,
    0x3ff11566_abc01156_6abc0115_453d96dd,
    0xbfebbbd7_79334ef0_aac663e4_a6d65cca,
    0x3fe666a8_f2bf70eb_da061159_86f507fb,
    0xbfe12280_5d644267_43eb0e28_8c2e45a8,
    0x3fdbd6db_2c4e0507_12be0476_b628552f,
    0xbfd67da4_e1efb419_eb838f5d_a821635a,
    0x3fd13558_67f7df64_dc61daec_bfc0d781,
    0xbfcbf56e_4264f8ad_54bb7852_bc52bd9a,
    0x3fc68fc1_3579bfe0_82216227_0789ca71,
];

/// `rs` `++rs-trig` sine coefficients S0..S4.
pub(crate) const RS_SIN: [u128; 5] = [0xbe2aaaab, 0x3c088889, 0xb9500d01, 0x3638ef1d, 0xb2d7322b];

/// `rs` `++rs-trig` cosine coefficients C0..C4.
pub(crate) const RS_COS: [u128; 5] = [0x3d2aaaab, 0xbab60b61, 0x37d00d01, 0xb493f27e, 0x310f76c7];

/// `rd` `++rd-trig` sine coefficients S0..S7.
pub(crate) const RD_SIN: [u128; 8] = [
    0xbfc55555_55555555,
    0x3f811111_11111111,
    0xbf2a01a0_1a01a01a,
    0x3ec71de3_a556c734,
    0xbe5ae645_67f544e4,
    0x3de61246_13a86d09,
    0xbd6ae7f3_e733b81f,
    0x3ce952c7_7030ad4a,
];

/// `rd` `++rd-trig` cosine coefficients C0..C7.
pub(crate) const RD_COS: [u128; 8] = [
    0x3fa55555_55555555,
    0xbf56c16c_16c16c17,
    0x3efa01a0_1a01a01a,
    0xbe927e4f_b7789f5c,
    0x3e21eed8_eff8d898,
    0xbda93974_a8c07c9d,
    0x3d2ae7f3_e733b81f,
    0xbca68278_63b97d97,
];

/// `rq` `++rq-trig` sine coefficients S0..S15.
pub(crate) const RQ_SIN: [u128; 16] = [
    0xbffc5555_55555555_55555555_55555555,
    0x3ff81111_11111111_11111111_11111111,
    0xbff2a01a_01a01a01_a01a01a0_1a01a01a,
    0x3fec71de_3a556c73_38faac1c_88e50017,
    0xbfe5ae64_567f544e_38fe747e_4b837dc7,
    0x3fde6124_613a86d0_97ca3833_1d23af68,
    0xbfd6ae7f_3e733b81_f11d8656_b0ee8cb0,
    0x3fce952c_77030ad4_a6b26051_97771b00,
    0xbfc62f49_b4681415_724ca1ec_3b7b9675,
    0x3fbd71b8_ef6dcf57_18bef146_fcee6e45,
    0xbfb4761b_41316381_9d97b870_4dd7f628,
    0x3fab3f3c_cdd165fa_8d4e44a4_19776f11,
    0xbfa1d1ab_1c2dccea_320a9a18_f15d4277,
    0x3f98259f_98b4358a_d7abe30e_7766f129,
    0xbf8e434d_2e783f5b_c42e1ee4_6fa6bfc4,
    0x3f843981_254dd0d5_1b5382cd_ffa97422,
];

/// `rq` `++rq-trig` cosine coefficients C0..C15.
pub(crate) const RQ_COS: [u128; 16] = [
    0x3ffa5555_55555555_55555555_55555555,
    0xbff56c16_c16c16c1_6c16c16c_16c16c17,
    0x3fefa01a_01a01a01_a01a01a0_1a01a01a,
    0xbfe927e4_fb7789f5_c72ef016_d3ea6679,
    0x3fe21eed_8eff8d89_7b544da9_87acfe85,
    0xbfda9397_4a8c07c9_d20badf1_45dfa3e5,
    0x3fd2ae7f_3e733b81_f11d8656_b0ee8cb0,
    0xbfca6827_863b97d9_77bb0048_86a2c2ab,
    0x3fc1e542_ba402022_507a9cad_2bf8f0bb,
    0xbfb90ce3_96db7f85_29450c90_b7f338ec,
    0x3faff2cf_01972f57_7cca4b40_67ca9d8a,
    0xbfa688e8_5fc6a4e5_9a38f205_0ba6b015,
    0x3f9d0a18_a2635085_d373c5c5_1c354a8d,
    0xbf933932_c5047d60_e60caded_4c2989c5,
    0x3f89434d_2e783f5b_c42e1ee4_6fa6bfc4,
    0xbf7f2710_231c0fd7_a13f8a2b_4af9d6b7,
];

/// `rs` `++rs-tan` `++ktan` polynomial Q(z), constant term first (the Hoon list, which `roll`s without `flop`, reversed).
pub(crate) const RS_TAN: [u128; 7] = [
    0x3eaaaaab, 0x3e088844, 0x3d5d294d, 0x3cb11eca, 0x3c233846, 0x3a9b5ccb, 0x3b7bdd30,
];

/// `rd` `++rd-tan` `++ktan` odd-term polynomial in w = z².
pub(crate) const RD_TAN_ODD: [u128; 6] = [
    0x3fc11111_1110fe7a,
    0x3f9664f4_8406d637,
    0x3f6d6d22_c9560328,
    0x3f4344d8_f2f26501,
    0x3f147e88_a03792a6,
    0xbef375cb_db605373,
];

/// `rd` `++rd-tan` `++ktan` even-term polynomial in w = z².
pub(crate) const RD_TAN_EVEN: [u128; 6] = [
    0x3faba1ba_1bb341fe,
    0x3f8226e3_e96e8493,
    0x3f57dbc8_fee08315,
    0x3f3026f7_1a8d1068,
    0x3f12b80f_32f0a7e9,
    0x3efb2a70_74bf7ad4,
];

/// `rs` `++rs-ainv` `++rr` numerator polynomial p0..p2.
pub(crate) const RS_AINV_P: [u128; 3] = [0x3e2aaa75, 0xbd2f13ba, 0xbc0dd36b];

/// `rd` `++rd-ainv` `++rr` numerator polynomial p0..p5.
pub(crate) const RD_AINV_P: [u128; 6] = [
    0x3fc55555_55555555,
    0xbfd4d612_03eb6f7d,
    0x3fc9c155_0e884455,
    0xbfa48228_b5688f3b,
    0x3f49efe0_7501b288,
    0x3f023de1_0dfdf709,
];

/// `rd` `++rd-ainv` `++rr` denominator polynomial q1..q4.
pub(crate) const RD_AINV_Q: [u128; 4] = [
    0xc0033a27_1c8a2d4b,
    0x40002ae5_9c598ac8,
    0xbfe6066c_1b8d0159,
    0x3fb3b8c5_b12e9282,
];

/// `rh` `++rh-ainv` `++rr` polynomial p0..p3.
pub(crate) const RH_AINV_P: [u128; 4] = [0x3155, 0x2cea, 0x2729, 0x2ccc];

/// `rq` `++rq-ainv` `++rr` plain polynomial R0..R30.
pub(crate) const RQ_AINV: [u128; 31] = [
    0x3f808991_2e54d43f_83f400d5_0d55a7e8,
    0x3ffc5555_55555555_55555555_55555552,
    0x3ffb3333_33333333_33333333_33335009,
    0x3ffa6db6_db6db6db_6db6db6d_b668951b,
    0x3ff9f1c7_1c71c71c_71c71c72_bac1ec0e,
    0x3ff96e8b_a2e8ba2e_8ba2e81a_a31a41d8,
    0x3ff91c4e_c4ec4ec4_ec4f0b6f_e680df37,
    0x3ff8c999_99999999_996cf372_753e7c99,
    0x3ff87a87_87878787_92177cc3_275353f7,
    0x3ff83fde_50d79433_f7f1afe5_cbeac090,
    0x3ff812ef_3cf3cf83_f127037c_33f0fb5b,
    0x3ff7df3b_d37a5ede_5c114e9d_a47dedfd,
    0x3ff7a686_3d723133_909e0729_7f5e2958,
    0x3ff7782d_d9f3ff64_52ce6cb8_56ef901f,
    0x3ff751ba_328f884c_2fdb62f4_1c709bd1,
    0x3ff73168_1fe6e02d_b0d49614_21efa7ec,
    0x3ff715ef_e556e52a_3408e80b_5b3f8641,
    0x3ff6fc96_253ecb71_18127122_68a45b42,
    0x3ff6d4a8_2428408a_ebe9bc6e_47ec09af,
    0x3ff6aa37_7fe913f6_c0a9facb_94511de4,
    0x3ff6b48c_a21a48d1_84737463_fe8656d8,
    0x3ff57e9a_a4b5b4c4_e3913451_8885e78f,
    0x3ff81906_4c5185fa_a0d03ab9_c51426b2,
    0xbff9300f_0da2da1e_1c085f96_2a89aacc,
    0x3ffb0643_398cdbcb_97d25a1b_e10b6c8a,
    0xbffc27ed_3dd5cd82_528e0d54_bf4f5e05,
    0x3ffd1d64_319be957_ad880c8c_d533b68b,
    0xbffd9731_e485678b_81c3902a_2c54acc7,
    0x3ffdae10_872f69b7_a99aa13d_6e9cd204,
    0xbffd228f_c6527609_25c164c7_f61091fa,
    0x3ffb9aa4_ca63cbd7_2c15b8ad_9b2377ce,
];

/// `rs` `++rs-atan` `++at` polynomial T0..T4.
pub(crate) const RS_ATAN: [u128; 5] = [0x3eaaaaa9, 0xbe4cca98, 0x3e11f50d, 0xbdda1247, 0x3d7cac25];

/// `rd` `++rd-atan` `++at` polynomial T0..T10.
pub(crate) const RD_ATAN: [u128; 11] = [
    0x3fd55555_5555550d,
    0xbfc99999_9998ebc4,
    0x3fc24924_920083ff,
    0xbfbc71c6_fe231671,
    0x3fb745cd_c54c206e,
    0xbfb3b0f2_af749a6d,
    0x3fb10d66_a0d03d51,
    0xbfadde2d_52defd9a,
    0x3fa97b4b_24760deb,
    0xbfa2b444_2c6a6c2f,
    0x3f90ad3a_e322da11,
];

/// `rh` `++rh-atan` `++at` polynomial T0..T2.
pub(crate) const RH_ATAN: [u128; 3] = [0x3555, 0xb266, 0x3092];

/// `rq` `++rq-atan` `++at` polynomial T0..T30.
pub(crate) const RQ_ATAN: [u128; 31] = [
    0x3ffd5555_55555555_55555555_55555555,
    0xbffc9999_99999999_99999999_9999999a,
    0x3ffc2492_49249249_24924924_92492492,
    0xbffbc71c_71c71c71_c71c71c7_1c71c705,
    0x3ffb745d_1745d174_5d1745d1_745cf720,
    0xbffb3b13_b13b13b1_3b13b13b_1395a0f6,
    0x3ffb1111_11111111_11111111_010e24e1,
    0xbffae1e1_e1e1e1e1_e1e1e1d4_8fd7bd0f,
    0x3ffaaf28_6bca1af2_86bc9d8a_12661ce3,
    0xbffa8618_61861861_861762af_171f46fb,
    0x3ffa642c_8590b216_4297f77f_1796654a,
    0xbffa47ae_147ae147_a6aeeb97_4d91c763,
    0x3ffa2f68_4bda12f5_982c8384_0df48c76,
    0xbffa1a7b_9611a7a0_f2413484_8b6f9bc3,
    0x3ffa0842_10841eed_46f1272e_8718edfe,
    0xbff9f07c_1f0773e1_dac476af_1946ed1a,
    0x3ff9d41d_41cf56a0_771b4773_d1fdbc46,
    0xbff9bacf_910ca5ea_d9a2c9f0_ffa28317,
    0x3ff9a41a_3ed6e709_5da3c3e4_8cd55593,
    0xbff98f9b_fe02ad67_4d8ac158_72fbb51c,
    0x3ff97d05_170d1702_069f17b9_5f6e54f4,
    0xbff96c10_bc42d041_6ea05add_542af078,
    0x3ff95c74_e7f6f412_eab121f2_0635a41a,
    0xbff94dac_2e21aa0e_283b7552_8258306b,
    0x3ff93e57_3faac561_db9d4b05_d70c99cf,
    0xbff92af3_2cae28f7_4f596690_8860d11a,
    0x3ff90c8b_03c55304_dec0acdf_4b356e20,
    0xbff8b4ed_3a3349ac_f7ad9702_76c5cf2b,
    0x3ff8261c_1a9eda3a_d5dd688f_198ae3cb,
    0xbff71a7a_c449b285_876f4b57_d627e71e,
    0x3ff51a4e_a418ebe8_138131c1_5128032a,
];

/// `rs` `++log`/`++lr` atanh-series polynomial L0..L4.
pub(crate) const RS_LOG: [u128; 5] = [0x3eaaaaab, 0x3e4ccccd, 0x3e124925, 0x3de38e39, 0x3dba2e8c];

/// `rd` `++log`/`++lr` atanh-series polynomial L0..L9.
pub(crate) const RD_LOG: [u128; 10] = [
    0x3fd55555_55555555,
    0x3fc99999_9999999a,
    0x3fc24924_92492492,
    0x3fbc71c7_1c71c71c,
    0x3fb745d1_745d1746,
    0x3fb3b13b_13b13b14,
    0x3fb11111_11111111,
    0x3fae1e1e_1e1e1e1e,
    0x3faaf286_bca1af28,
    0x3fa86186_18618618,
];

/// `rh` `++log`/`++lr` atanh-series polynomial L0..L1.
pub(crate) const RH_LOG: [u128; 2] = [0x3555, 0x3266];

/// `rq` `++log`/`++lr` atanh-series polynomial L0..L22.
pub(crate) const RQ_LOG: [u128; 23] = [
    0x3ffd5555_55555555_55555555_55555555,
    0x3ffc9999_99999999_99999999_9999999a,
    0x3ffc2492_49249249_24924924_92492492,
    0x3ffbc71c_71c71c71_c71c71c7_1c71c71c,
    0x3ffb745d_1745d174_5d1745d1_745d1746,
    0x3ffb3b13_b13b13b1_3b13b13b_13b13b14,
    0x3ffb1111_11111111_11111111_11111111,
    0x3ffae1e1_e1e1e1e1_e1e1e1e1_e1e1e1e2,
    0x3ffaaf28_6bca1af2_86bca1af_286bca1b,
    0x3ffa8618_61861861_86186186_18618618,
    0x3ffa642c_8590b216_42c8590b_21642c86,
    0x3ffa47ae_147ae147_ae147ae1_47ae147b,
    0x3ffa2f68_4bda12f6_84bda12f_684bda13,
    0x3ffa1a7b_9611a7b9_611a7b96_11a7b961,
    0x3ffa0842_10842108_42108421_08421084,
    0x3ff9f07c_1f07c1f0_7c1f07c1_f07c1f08,
    0x3ff9d41d_41d41d41_d41d41d4_1d41d41d,
    0x3ff9bacf_914c1bac_f914c1ba_cf914c1c,
    0x3ff9a41a_41a41a41_a41a41a4_1a41a41a,
    0x3ff98f9c_18f9c18f_9c18f9c1_8f9c18fa,
    0x3ff97d05_f417d05f_417d05f4_17d05f41,
    0x3ff96c16_c16c16c1_6c16c16c_16c16c17,
    0x3ff95c98_82b93105_72620ae4_c415c988,
];
